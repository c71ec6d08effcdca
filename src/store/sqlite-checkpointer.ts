/**
 * WAL checkpoints of the embedded SQLite file, taken off the event loop. By default SQLite checkpoints inside the
 * commit that fills the WAL past 1,000 pages: at a thousand runs a second that was about 40% of the time the
 * service spent in SQLite, all of it on the one thread that also runs the API and the engine. A worker thread with
 * its own connection takes PASSIVE checkpoints instead (they never block the writer or readers) every `everyMs`
 * when anything was committed since the last one;
 * the main connection keeps a much larger automatic threshold only as a safety net, should the thread stop.
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

export interface Checkpointer {
  close(): Promise<void>
}

/** The main connection's own checkpoint threshold (pages): reached only if the background checkpoints stop. */
export const SAFETY_NET_AUTOCHECKPOINT_PAGES = 20_000

// Runs in the worker (CommonJS, no TypeScript): open the file, checkpoint on a timer, close on 'stop'.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file)
db.pragma('busy_timeout = 1000')
// data_version changes when another connection commits: an idle service's file is not checkpointed again and again.
let seen = -1
const timer = setInterval(() => {
  try {
    const version = db.pragma('data_version', { simple: true })
    if (version === seen) return
    db.pragma('wal_checkpoint(PASSIVE)')
    seen = version
  } catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }) }
}, workerData.everyMs)
parentPort.on('message', (m) => {
  if (m !== 'stop') return
  clearInterval(timer)
  try { db.close() } finally { parentPort.postMessage('stopped') }
})
`

export function startCheckpointer(file: string, everyMs = 1_000, onError: (message: string) => void = () => undefined): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, driver } })
  // The thread never keeps the process alive on its own.
  worker.unref()
  worker.on('message', (m: unknown) => {
    if (m && typeof m === 'object' && 'error' in m) onError(String((m as { error: unknown }).error))
  })
  worker.on('error', (err) => onError(err.message))
  return {
    async close() {
      const stopped = new Promise<void>((resolve) => {
        worker.once('exit', () => resolve())
        worker.on('message', (m) => {
          if (m === 'stopped') void worker.terminate()
        })
      })
      worker.postMessage('stop')
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 2_000).unref())])
      await worker.terminate()
    },
  }
}
