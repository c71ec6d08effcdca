/**
 * What a small install costs when nothing goes wrong: one Picket process (`src/main/server.ts`, API and engine, the
 * embedded SQLite default) with `--monitors` HTTP monitors (URL monitors, GET, status 200) every `--every` seconds
 * against a local target, and the same number of HTTP monitors in Uptime Kuma when `--kuma DIR` names a folder where
 * the `uptime-kuma` npm package is installed (with socket.io-client beside it). Each process's CPU seconds are
 * read from /proc over `--seconds` after `--warmup`; the target's requests are counted to show the monitors ran.
 * Picket is also measured with no monitors at all (its fixed cost: polling loops and periodic work).
 *
 * Usage: npx tsx bench/idle-cost.ts [--monitors 100] [--every 20] [--seconds 120] [--warmup 30] [--kuma /tmp/kuma]
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import { systemClock } from '../src/lib/clock.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { startServer } from '../test/helpers/process.js'
import { machine, round, sleep } from './lib.js'
import { cpuSecondsOf, rssMbOf } from './proc-cpu.js'

const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '100' },
    every: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '30' },
    kuma: { type: 'string' },
    only: { type: 'string' },
  },
})
const MONITORS = Number(values.monitors)
const EVERY = Number(values.every)
const SECONDS = Number(values.seconds)
const WARMUP = Number(values.warmup)

// The target runs in this process: it is not what is measured, and its requests are counted here.
let hits = 0
const target = http.createServer((_req, res) => {
  hits++
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end('{"ok":true}')
})
await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`

/** CPU of one process over the window, and the target's requests in it. */
async function measure(pid: number) {
  await sleep(WARMUP * 1000)
  const cpu0 = cpuSecondsOf(pid)
  const hits0 = hits
  await sleep(SECONDS * 1000)
  const cpu = cpuSecondsOf(pid) - cpu0
  return { cpuSeconds: round(cpu, 2), cpuMsPerSecond: round((cpu * 1000) / SECONDS), targetRequests: hits - hits0, rssMb: rssMbOf(pid) }
}

async function picket(monitors: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-idle-'))
  const store = await openStore({ sqliteFile: path.join(dataDir, 'picket.db') })
  await migrateToLatest(store)
  const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
  const { accountId } = await services.accounts.createAccount('bench')
  const frequency = EVERY < 60 ? { frequency: 0, frequencyOffset: EVERY } : { frequency: EVERY / 60 }
  for (let i = 0; i < monitors; i++) {
    await services.checks.create(accountId, 'url', { name: `site ${i}`, ...frequency, request: { url: `${targetUrl}/p/${i}` } }, { autoAssignAlerts: false })
  }
  await store.close()
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })
  const pid = server.child.pid ?? 0
  const out = await measure(pid)
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { system: 'Picket', monitors, ...out }
}

async function kuma(dir: string, monitors: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kuma-idle-'))
  const { addHttpMonitors, startKuma } = await import('./kuma-driver.js')
  const running = await startKuma(dir, dataDir)
  await addHttpMonitors(running, targetUrl, monitors, EVERY)
  const out = await measure(running.pid)
  await running.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return { system: 'Uptime Kuma', monitors, ...out }
}

const runs = []
const only = values.only?.split(',')
if (!only || only.includes('picket0')) runs.push(await picket(0))
if (!only || only.includes('picket')) runs.push(await picket(MONITORS))
if (values.kuma && (!only || only.includes('kuma'))) runs.push(await kuma(values.kuma, MONITORS))
for (const r of runs) console.error(JSON.stringify(r))
console.log(JSON.stringify({ machine: machine(), everySeconds: EVERY, windowSeconds: SECONDS, runs }, null, 2))
target.close()
process.exit(0)
