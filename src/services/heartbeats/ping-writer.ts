/**
 * The ping writer: pings that arrive together are written together (group commit, recordPings), and each caller
 * is answered once its ping is committed and, if it can change alerting, once its result has been through alert
 * evaluation. Up to `batchesAtOnce` batches are written at the same time (on PostgreSQL each on a connection of its
 * own, so that their round trips and commits overlap). Batches being written never share a ping token: one check's pings are
 * applied in arrival order, and two batches never wait for each other's timer locks. A failed batch is retried one
 * ping per transaction, so one bad ping never fails the others.
 */
import type { Uses } from '../resource-deps.js'
import { orderedIdSource, recordPings, type PingInput, type PingOutcome } from './heartbeat-pings.js'

export interface PingWriter {
  submit(ping: PingInput): Promise<PingOutcome>
  /** Resolves when every submitted ping is written. */
  drain(): Promise<void>
}

interface Pending {
  ping: PingInput
  at: number
  resolve: (o: PingOutcome) => void
  reject: (err: unknown) => void
}

export const MAX_PING_BATCH = 1000

/**
 * While a batch is being written, another starts only once this many pings wait: a few pings each in a transaction
 * of their own would cost more statements and commits than they save in waiting.
 */
export const MIN_BATCH_ALONGSIDE = 16

export interface PingWriterOptions {
  maxBatch?: number
  batchesAtOnce?: number
  minBatchAlongside?: number
}

export function pingWriter(deps: Uses<'checks' | 'heartbeats' | 'results' | 'writes', 'transact' | 'clock' | 'afterFinalResults'>, options: PingWriterOptions = {}): PingWriter {
  const maxBatch = options.maxBatch ?? MAX_PING_BATCH
  const atOnce = Math.max(1, options.batchesAtOnce ?? 1)
  const minAlongside = options.minBatchAlongside ?? MIN_BATCH_ALONGSIDE
  let queue: Pending[] = []
  /** Tokens of the pings being written. */
  const busy = new Set<string>()
  const writing = new Set<Promise<void>>()
  let scheduled = false
  const newId = orderedIdSource()

  async function write(batch: Pending[]): Promise<void> {
    let written: Awaited<ReturnType<typeof recordPings>>
    try {
      written = await deps.transact((s) => recordPings(s, batch, deps.clock.now(), newId))
    } catch (err) {
      if (batch.length === 1) return batch[0]?.reject(err)
      for (const one of batch) await write([one])
      return
    }
    const answer = (settled: boolean) => batch.forEach((b, i) => (written.settled[i] ?? false) === settled && b.resolve(written.outcomes[i] ?? { kind: 'unknown' }))
    // Every ping is durable now. Those that cannot change alerting are answered at once; those that may (a failure,
    // a recovery, a first ping) once alert evaluation has seen them, so their answer means the alert is decided.
    // The batch keeps its place among those being written until evaluation ends, which bounds the work in flight.
    answer(true)
    if (written.results.length > 0) {
      await deps.afterFinalResults(written.results).catch((err: unknown) => console.error('heartbeat alert evaluation failed', err))
    }
    answer(false)
  }

  /** The next batch: queued pings, oldest first, whose token is not being written; the others keep their place. */
  function take(): Pending[] {
    if (busy.size === 0 && queue.length <= maxBatch) {
      const all = queue
      queue = []
      return all
    }
    const batch: Pending[] = []
    const rest: Pending[] = []
    for (const p of queue) (batch.length < maxBatch && !busy.has(p.ping.token) ? batch : rest).push(p)
    queue = rest
    return batch
  }

  function pump(): void {
    while (writing.size < atOnce && queue.length > 0 && (writing.size === 0 || queue.length >= minAlongside)) {
      const batch = take()
      if (batch.length === 0) return
      const tokens = batch.map((b) => b.ping.token)
      for (const t of tokens) busy.add(t)
      const done: Promise<void> = write(batch).finally(() => {
        for (const t of tokens) busy.delete(t)
        writing.delete(done)
        pump()
      })
      writing.add(done)
    }
  }

  return {
    submit(ping) {
      return new Promise<PingOutcome>((resolve, reject) => {
        queue.push({ ping, at: deps.clock.now(), resolve, reject })
        if (scheduled || writing.size >= atOnce || (writing.size > 0 && queue.length < minAlongside)) return
        scheduled = true
        // Let the requests read in this turn of the event loop join the batch.
        setImmediate(() => {
          scheduled = false
          pump()
        })
      })
    },
    async drain() {
      while (scheduled || writing.size > 0 || queue.length > 0) {
        await (writing.size > 0 ? Promise.race(writing) : new Promise<void>((r) => setImmediate(r)))
      }
    },
  }
}
