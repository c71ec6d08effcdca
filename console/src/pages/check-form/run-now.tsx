/** "Run now": starts a check session for the saved check and shows its results as they arrive. */
import { useState } from 'preact/hooks'
import { picketApi } from '../../api/endpoints'
import { useApi } from '../../api/hooks'
import { Badge, Button, ErrorBanner, type Tone } from '../../ui/kit'
import { formatMs } from '../../lib/format'
import type { Doc } from './draft-path'

interface AssertionOutcome {
  source: string
  property?: string
  comparison: string
  target?: string
  actual?: unknown
  passed: boolean
  error?: string
}

const DONE = new Set(['PASSED', 'FAILED', 'DEGRADED'])
const TONE: Record<string, Tone> = { passing: 'ok', failing: 'failing', degraded: 'degraded', PASSED: 'ok', FAILED: 'failing', DEGRADED: 'degraded' }

/** The type-specific part of a result (apiCheckResult, tcpCheckResult…). */
const detailsOf = (r: Doc): Doc => {
  const key = Object.keys(r).find((k) => /CheckResult$|^checkResult$/.test(k))
  const v = key ? r[key] : undefined
  return v !== null && typeof v === 'object' ? (v as Doc) : {}
}

function ResultRow(props: { result: Doc }) {
  const r = props.result
  const assertions = (detailsOf(r).assertions as AssertionOutcome[] | undefined) ?? []
  const status = String(r.status ?? '')
  return (
    <li class="cf-run-result">
      <div class="cf-run-head">
        <Badge tone={TONE[status] ?? 'info'}>{status || 'running'}</Badge>
        <span>{String(r.runLocation ?? '')}</span>
        {typeof r.responseTime === 'number' ? <span>{formatMs(r.responseTime)}</span> : null}
        {r.statusCode !== null && r.statusCode !== undefined ? <span>HTTP {String(r.statusCode)}</span> : null}
        {r.resultType === 'ATTEMPT' ? <span class="muted small">attempt (retried)</span> : null}
      </div>
      {r.error ? <p class="field-error">{String(r.error)}</p> : null}
      {assertions.length > 0 ? (
        <ul class="cf-run-assertions">
          {assertions.map((a) => (
            <li class={a.passed ? 'cf-pass' : 'cf-fail'}>
              {a.passed ? '✓' : '✗'} {a.source}
              {a.property ? ` ${a.property}` : ''} {a.comparison.toLowerCase().replace(/_/g, ' ')} {a.target ?? ''}
              <span class="muted"> (actual: {JSON.stringify(a.actual ?? null)})</span>
              {a.error ? <span class="field-error"> {a.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function SessionResults(props: { id: string }) {
  const session = useApi(picketApi.checkSessions.get(props.id), {
    refetchInterval: (q) => (q.state.data && DONE.has(q.state.data.status) ? false : 1000),
    staleTime: 0,
  })
  if (session.error) return <ErrorBanner error={session.error} title="The run could not be read" />
  const data = session.data
  const done = data ? DONE.has(data.status) : false
  return (
    <div class="cf-run" aria-live="polite" data-testid="run-result">
      <p>{done ? <Badge tone={TONE[data?.status ?? ''] ?? 'info'}>{data?.status}</Badge> : <span class="muted">Running… ({data?.status ?? 'STARTED'})</span>}</p>
      <ul class="cf-run-list">
        {(data?.results ?? []).map((r) => (
          <ResultRow result={r} />
        ))}
      </ul>
    </div>
  )
}

export function RunNow(props: { checkId: string; dirty: boolean }) {
  const [sessionId, setSessionId] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    setError(null)
    setSessionId(null)
    try {
      const r = await picketApi.checkSessions.trigger([props.checkId])
      setSessionId(r.sessions[0]?.checkSessionId ?? null)
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section class="card" aria-labelledby="cf-run-title">
      <div class="card-head">
        <h2 id="cf-run-title">Test run</h2>
        <Button onClick={() => void run()} busy={busy}>
          Run now
        </Button>
      </div>
      <p class="muted small">Runs the saved check once in each of its locations{props.dirty ? '; save your changes first to run them' : ''}.</p>
      <ErrorBanner error={error} title="The run could not start" />
      {sessionId ? <SessionResults key={sessionId} id={sessionId} /> : null}
    </section>
  )
}
