/**
 * Follows a test session for the vendor CLI's result stream: tells each run's start at once, then polls the
 * session (any engine instance or agent may be running its checks) and publishes each run's final result, or an
 * error for a run cancelled or not finished in time, on the topics the client subscribed to. Polling the stored
 * session rather than hooking the engine is what lets the runs execute anywhere.
 */
import type { ResultHub } from '../../lib/result-hub.js'
import { adHocResultTopic } from '../../domain/test-sessions/stream-topics.js'
import { resultMessage } from '../../domain/test-sessions/stream-messages.js'
import type { TestSessionService } from './test-sessions.js'

export interface StreamedRun {
  /** The test session's result id: also the sequence id the client keys the run by. */
  resultId: string
  /** The client's id of the run (a topic level). */
  runId: string
  logicalId?: string | undefined
  sourceFile?: string | undefined
}

export interface FollowedSession {
  accountId: string
  testSessionId: string
  suiteId: string
  runs: StreamedRun[]
}

export interface SessionStreamDeps {
  testSessions: Pick<TestSessionService, 'get' | 'result'>
  hub: ResultHub
  /** How often the session is read (default 250 ms) and how long it is followed at most (default 30 minutes). */
  pollMs?: number
  maxMs?: number
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function followSession(deps: SessionStreamDeps, s: FollowedSession): Promise<void> {
  const topic = (run: StreamedRun, sub: 'run-start' | 'result' | 'error') => adHocResultTopic(s.accountId, s.suiteId, run.resultId, run.runId, sub)
  const pending = new Map(s.runs.map((r) => [r.resultId, r]))
  for (const run of s.runs) deps.hub.publish(topic(run, 'run-start'), {})
  const deadline = Date.now() + (deps.maxMs ?? 30 * 60_000)
  while (pending.size > 0) {
    const view = await deps.testSessions.get(s.accountId, s.testSessionId)
    for (const r of view.results) {
      const run = pending.get(r.testSessionResultId)
      if (!run || r.status === 'RUNNING') continue
      pending.delete(run.resultId)
      if (r.status === 'CANCELLED') {
        deps.hub.publish(topic(run, 'error'), 'The run was cancelled before it finished.')
        continue
      }
      const detail = await deps.testSessions.result(s.accountId, s.testSessionId, run.resultId)
      deps.hub.publish(topic(run, 'result'), resultMessage(detail, { logicalId: run.logicalId, sourceFile: run.sourceFile }))
    }
    if (pending.size === 0) break
    if (Date.now() > deadline) {
      for (const run of pending.values()) deps.hub.publish(topic(run, 'error'), 'No result came in time: the run did not finish.')
      break
    }
    await sleep(deps.pollMs ?? 250)
  }
}
