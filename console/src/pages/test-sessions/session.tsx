/**
 * /test-sessions/:id: one recorded run of a set of checks (`picket test --record`, a CI/CD trigger, the reference
 * CLI's test sessions): its state, when it ran, and each run with its status, linking to the run's result. It stays
 * live while the session runs.
 */
import { Link } from 'wouter-preact'
import type { TestSessionView } from '../../api/contracts'
import { useApi } from '../../api/hooks'
import { read, seg } from '../../api/read'
import { formatDateTime, formatMs } from '../../lib/format'
import { Badge, Empty, ErrorBanner, LinkButton, Loading, PageHeader, TableWrap, type Tone } from '../../ui/kit'
import { useDocumentTitle } from '../../ui/title'

const LIVE_MS = 3_000
const TONES: Record<string, Tone> = { PASSED: 'ok', FAILED: 'failing', RUNNING: 'muted', CANCELLED: 'muted' }
const LABELS: Record<string, string> = { PASSED: 'Passed', FAILED: 'Failed', RUNNING: 'Running', CANCELLED: 'Cancelled' }

const StateBadge = (props: { status: string }) => <Badge tone={TONES[props.status] ?? 'muted'}>{LABELS[props.status] ?? props.status}</Badge>

/** The console path of a run's result: the API's link is absolute, on this service; the console routes its path. */
const consolePath = (link: string): string => {
  try {
    return new URL(link).pathname
  } catch {
    return '/'
  }
}

export default function TestSessionPage(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id ?? ''
  const session = useApi(read<TestSessionView>(`/v1/test-sessions/${seg(id)}`), {
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? LIVE_MS : false),
  })
  useDocumentTitle(session.data ? `Test session ${session.data.name}` : 'Test session')
  if (session.isLoading) return <Loading label="Loading the test session…" />
  if (session.error) {
    if (session.error.status === 404) {
      return (
        <Empty title="Test session not found">
          <p>There is no test session with this id in this account.</p>
          <LinkButton href="/">Go to your checks</LinkButton>
        </Empty>
      )
    }
    return <ErrorBanner error={session.error} title="The test session could not be loaded" />
  }
  const s = session.data
  if (!s) return null
  const failed = s.results.filter((r) => r.status === 'FAILED').length
  return (
    <>
      <PageHeader
        title={s.name}
        subtitle={
          <>
            Test session <StateBadge status={s.status} /> started {formatDateTime(s.startedAt)}
            {s.stoppedAt ? `, took ${formatMs(s.timeElapsed)}` : ''}. {s.results.length} {s.results.length === 1 ? 'run' : 'runs'}
            {failed > 0 ? `, ${failed} failed` : ''}.
          </>
        }
        back={{ href: '/', label: 'Checks' }}
      />
      {s.results.length === 0 ? (
        <Empty title="No runs">
          <p>This session ran no checks.</p>
        </Empty>
      ) : (
        <TableWrap label="Runs of this test session">
          <table>
            <caption class="visually-hidden">Runs of this test session</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Type</th>
                <th scope="col">Location</th>
                <th scope="col">Status</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {s.results.map((r) => (
                <tr key={r.testSessionResultId}>
                  <td>{r.checkId ? <Link href={`/checks/${seg(r.checkId)}`}>{r.name}</Link> : r.name}</td>
                  <td>{r.checkType}</td>
                  <td>{r.runLocation}</td>
                  <td>
                    <StateBadge status={r.status} />
                  </td>
                  <td>{r.resultType === 'PENDING' ? <span class="muted">Pending</span> : <Link href={consolePath(r.testSessionResultLink)}>View result</Link>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  )
}
