/**
 * "Run now": starts a check session (picketApi.checkSessions.trigger), then waits for it to finish (the completion
 * route answers 408 while it runs) and refreshes the check's results, status and figures.
 */
import { useState } from 'preact/hooks'
import { useQueryClient } from '@tanstack/preact-query'
import { ApiError } from '../../../api/client'
import { picketApi } from '../../../api/endpoints'
import { Button } from '../../../ui/kit'

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; status: string } | { kind: 'error'; message: string }

const OUTCOME: Record<string, string> = { PASSED: 'Run passed', FAILED: 'Run failed', DEGRADED: 'Run degraded' }

async function waitFor(sessionId: string): Promise<{ status: string }> {
  for (let i = 0; i < 10; i++) {
    try {
      return await picketApi.checkSessions.completion(sessionId, 30)
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 408)) throw err
    }
  }
  return { status: 'STILL RUNNING' }
}

export function RunNow(props: { checkId: string }) {
  const client = useQueryClient()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const run = async () => {
    setState({ kind: 'running' })
    try {
      const started = await picketApi.checkSessions.trigger([props.checkId])
      const session = started.sessions[0]
      const done = session ? await waitFor(session.checkSessionId) : { status: 'UNKNOWN' }
      setState({ kind: 'done', status: done.status })
      await client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0].includes(props.checkId) || q.queryKey[0].startsWith(picketApi.checkResults.statusesRoot)),
      })
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) })
    }
  }
  return (
    <span class="run-now">
      <Button variant="primary" busy={state.kind === 'running'} onClick={() => void run()}>
        {state.kind === 'running' ? 'Running' : 'Run now'}
      </Button>
      <span role="status" aria-live="polite" class={`small ${state.kind === 'error' ? 'field-error' : 'muted'}`}>
        {state.kind === 'done' ? (OUTCOME[state.status] ?? `Run ${state.status.toLowerCase()}`) : state.kind === 'error' ? state.message : ''}
      </span>
    </span>
  )
}
