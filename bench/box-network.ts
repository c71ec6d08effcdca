/**
 * What the box's network path costs a request: sequential keep-alive GETs to a local app, from a node process on the
 * host straight to the app, and from a node process in a run box through the in-box relay and the run's egress
 * proxy (the way Chromium's requests go), side by side in one run.
 *
 *   npx tsx bench/box-network.ts [--requests 400] [--rounds 3]
 */
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startTodoApp } from '../test/helpers/targets/todo-app.js'
import { egressGuard } from '../src/runners/egress-guard.js'
import { NET_RELAY_PATH, startBoxNet } from '../src/runners/sandbox/box-net.js'
import { createRunBox } from '../src/runners/sandbox/box-host.js'
import { BOX_PROXY_URL } from '../src/runners/sandbox/box.js'
import { machine } from './lib.js'

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '400' }, rounds: { type: 'string', default: '3' } } })
const requests = Number(args.requests)

/** A client that prints the mean milliseconds of `requests` sequential GETs over one kept-alive connection. */
function client(target: string, through: string | null): string {
  const to = new URL(through ?? target)
  const requestPath = through ? `${target}/` : '/'
  return `const http = require('node:http')
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const options = { host: ${JSON.stringify(to.hostname)}, port: ${Number(to.port)}, path: ${JSON.stringify(requestPath)}, agent }
let done = 0
const t0 = process.hrtime.bigint()
const one = () => http.get(options, (res) => {
  res.resume()
  res.on('end', () => {
    if (++done < ${requests}) return one()
    console.log((Number(process.hrtime.bigint() - t0) / 1e6 / ${requests}).toFixed(3))
    process.exit(0)
  })
}).on('error', (e) => { console.error(e.message); process.exit(1) })
one()
`
}

function timed(command: string, argv: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { env, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`client exited ${code}`))))
  })
}

const app = await startTodoApp()
const work = await mkdtemp(path.join(os.tmpdir(), 'box-net-'))
await chmod(work, 0o755)
const net = await startBoxNet(egressGuard(), work, '/nowhere')
try {
  await writeFile(path.join(work, 'direct.cjs'), client(app.url, null))
  await writeFile(path.join(work, 'boxed.cjs'), client(app.url, BOX_PROXY_URL))
  const box = createRunBox()
  const wrapped = box.wrap([process.execPath, path.join(work, 'boxed.cjs')], {
    cwd: work,
    writable: [],
    readOnly: [work, path.dirname(NET_RELAY_PATH)],
    egressDir: net.dir,
    asNamespaceRoot: true,
  })
  console.log(`# The box's network path, per request\n\n${machine()}; ${requests} sequential GETs per run\n`)
  console.log('| round | direct ms | boxed (relay + egress proxy) ms | more ms |\n|---|---|---|---|')
  for (let r = 1; r <= Number(args.rounds); r++) {
    const direct = await timed(process.execPath, [path.join(work, 'direct.cjs')], {})
    const boxed = await timed(wrapped.command, wrapped.args, { ...net.env, NODE_OPTIONS: `--require ${NET_RELAY_PATH}` })
    console.log(`| ${r} | ${direct.toFixed(3)} | ${boxed.toFixed(3)} | ${(boxed - direct).toFixed(3)} |`)
  }
} finally {
  await net.close()
  await app.close()
  await rm(work, { recursive: true, force: true })
}
