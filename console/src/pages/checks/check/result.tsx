/** One result of a check: outcome, timing waterfall, assertions, what was sent and received, files, and the log. */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { formatDateTime, formatMs } from '../../../lib/format'
import { Card, Empty, ErrorBanner, LinkButton, Loading } from '../../../ui/kit'
import { StatusBadge } from '../status-badge'
import { detailsOf, logLines } from '../types'
import { CheckFrame, checkPath } from './frame'
import { ResultAssets } from './result-assets'
import { BrowserTests } from './result-browser'
import { Exchange } from './result-exchange'
import { Assertions, Facts, JobLog } from './result-parts'
import { Waterfall } from './waterfall'

const BROWSER_TYPES = new Set(['BROWSER', 'MULTI_STEP', 'PLAYWRIGHT'])
const SEQUENTIAL_TIMINGS = new Set(['API', 'URL', 'TCP', 'GRPC', 'SSL'])
/** Types whose assets (screenshots, trace) the page shows. */
const ASSET_TYPES = new Set([...BROWSER_TYPES, 'AGENTIC'])
/** An agentic run's assertions are conditions judged by the agent: its own view shows them, not the generic table. */
const OWN_ASSERTIONS = new Set(['AGENTIC'])

function ResultView(props: { checkId: string; resultId: string }) {
  const q = useApi(picketApi.checkResults.get(props.checkId, props.resultId))
  if (q.isLoading) return <Loading label="Loading result…" />
  if (q.error?.status === 404) {
    return (
      <Empty title="Result not found">
        <p>This check has no result with this id. Results older than the retention period are deleted.</p>
        <LinkButton href={checkPath(props.checkId, '/results')}>All results</LinkButton>
      </Empty>
    )
  }
  const r = q.data
  if (!r) return <ErrorBanner error={q.error} title="The result could not be loaded" />
  const d = detailsOf(r)
  const duration = Date.parse(r.stoppedAt) - Date.parse(r.startedAt)
  return (
    <div class="result">
      <h2 class="result-title">
        Run of {formatDateTime(r.startedAt)} <StatusBadge status={r.status} />
      </h2>
      {r.error ? (
        <div class={`banner ${r.hasFailures ? 'banner-error' : 'banner-warning'}`} role="note">
          {r.errorKind ? <strong>{r.errorKind}: </strong> : null}
          {r.error}
        </div>
      ) : null}
      <Card title="Summary">
        <Facts
          items={[
            ['Started', formatDateTime(r.startedAt)],
            ['Duration', formatMs(duration)],
            ['Response time', formatMs(r.responseTime)],
            ['Location', r.runLocation],
            ['Attempts', r.attempts > 1 ? `${r.attempts} (retried ${r.attempts - 1}×)` : '1'],
            ['Status code', r.statusCode === null ? '' : String(r.statusCode)],
            ['Degraded', r.isDegraded ? 'Yes, slower than the degraded threshold' : ''],
            ['Over max response time', r.overMaxResponseTime ? 'Yes' : ''],
            ['Started by', r.trigger ?? ''],
          ]}
        />
      </Card>
      {SEQUENTIAL_TIMINGS.has(r.checkType) && d.timingPhases && Object.keys(d.timingPhases).length > 0 ? (
        <Card title="Timing">
          <Waterfall phases={d.timingPhases} />
        </Card>
      ) : null}
      {d.assertions && !OWN_ASSERTIONS.has(r.checkType) && (d.assertions.length > 0 || !BROWSER_TYPES.has(r.checkType)) ? (
        <Card title="Assertions">
          <Assertions assertions={d.assertions} />
        </Card>
      ) : null}
      <Exchange checkType={r.checkType} details={d} />
      {BROWSER_TYPES.has(r.checkType) ? <BrowserTests details={d} /> : null}
      {ASSET_TYPES.has(r.checkType) ? <ResultAssets checkId={props.checkId} resultId={props.resultId} /> : null}
      <Card title="Log">
        <JobLog lines={logLines(d)} />
      </Card>
    </div>
  )
}

export default function ResultPage(props: { params: Record<string, string | undefined> }) {
  const id = props.params.id ?? ''
  return (
    <CheckFrame id={id} tab="results">
      {() => (
        <>
          <p>
            <LinkButton href={checkPath(id, '/results')}>← All results</LinkButton>
          </p>
          <ResultView checkId={id} resultId={props.params.resultId ?? ''} />
        </>
      )}
    </CheckFrame>
  )
}
