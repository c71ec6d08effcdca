/**
 * The first process of an agentic run's box (box.ts): `node --require net-relay.cjs chromium-launcher.cjs
 * <chromium> <args…>`. net-relay.cjs, loaded first, makes this process relay the box's 127.0.0.1:3128 to the run's
 * egress proxy, the one way out of the box; this file then starts Chromium with the file descriptors Playwright
 * gave the box (0-2, and 3-4 for --remote-debugging-pipe), passes on the signals that ask it to stop, and ends
 * with it. The relay lives as long as this process, so as long as Chromium.
 */
'use strict'
const { spawn } = require('node:child_process')

const [command, ...args] = process.argv.slice(2)
if (!command) {
  process.stderr.write('chromium-launcher: no browser to start\n')
  process.exit(2)
}
const browser = spawn(command, args, { stdio: [0, 1, 2, 3, 4] })
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => browser.kill(signal))
browser.on('error', (err) => {
  process.stderr.write(`chromium-launcher: ${err.message}\n`)
  process.exit(127)
})
browser.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)))
