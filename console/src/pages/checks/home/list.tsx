/**
 * The table of checks: one row per check of the page, with its status, its latest runs, last run and 24-hour figures.
 * On a phone each row is two lines: state, name and runs, then the figures (checks.css).
 */
import { Link } from 'wouter-preact'
import { formatDateTime, formatMs, formatPercent, timeAgo } from '../../../lib/format'
import { Badge, TableWrap } from '../../../ui/kit'
import { RunBar } from '../run-bar'
import { StatusBadge } from '../status-badge'
import { locationsOf, typeLabel, type Check, type CheckSummary } from '../types'
import { Sparkline } from './sparkline'

function Locations(props: { check: Check }) {
  const all = locationsOf(props.check)
  if (props.check.checkType === 'HEARTBEAT') return <span class="muted">–</span>
  if (all.length === 0)
    return (
      <span class="muted" title="Runs in the service's default location">
        default
      </span>
    )
  const shown = all.slice(0, 3)
  return (
    <span title={all.join(', ')}>
      {shown.join(', ')}
      {all.length > shown.length ? <span class="muted"> +{all.length - shown.length}</span> : null}
    </span>
  )
}

/** A figure's name, shown before it only where the header row is not (a phone). */
const NarrowLabel = (props: { text: string }) => (
  <span class="narrow-label" aria-hidden="true">
    {props.text}{' '}
  </span>
)

interface ListProps {
  checks: Check[]
  /** Each check's summary, with its status (the status shows pending until the summaries come). */
  summaries: Map<string, CheckSummary>
  onTag: (tag: string) => void
}

function CheckRow(props: { check: Check; summary: CheckSummary | undefined; onTag: (tag: string) => void }) {
  const { check: c, summary } = props
  const status = summary
  return (
    <tr data-check-id={c.id} data-status={status?.status ?? 'pending'}>
      <td class="cl-status">
        <StatusBadge status={status?.status} />
        {!c.activated ? <Badge tone="muted">Paused</Badge> : null}
        {c.muted ? <Badge tone="muted">Muted</Badge> : null}
      </td>
      <td class="check-name">
        <Link href={`/checks/${c.id}`}>{c.name}</Link>
        {c.tags && c.tags.length > 0 ? (
          <div class="check-tags">
            {c.tags.map((t) => (
              <button type="button" class="tag" onClick={() => props.onTag(t)} title={`Show checks tagged ${t}`}>
                {t}
              </button>
            ))}
          </div>
        ) : null}
      </td>
      <td class="cl-runs">{summary ? <RunBar runs={summary.recentRuns} /> : <span class="muted">–</span>}</td>
      <td class="hide-narrow">{typeLabel(c.checkType)}</td>
      <td class="small hide-narrow">
        <Locations check={c} />
      </td>
      <td class="small nowrap cl-last" title={formatDateTime(status?.lastRunAt)}>
        {status?.lastRunAt ? timeAgo(status.lastRunAt) : <span class="muted">never</span>}
      </td>
      <td class="num cl-avail">
        <NarrowLabel text="24 h" />
        {formatPercent(summary?.availability)}
      </td>
      <td class="cl-spark">
        <div class="spark-cell">
          {summary ? <Sparkline summary={summary} /> : <span class="muted">–</span>}
          {summary?.responseTimeP95 !== null && summary?.responseTimeP95 !== undefined ? (
            <span class="small muted" title="95th percentile over 24 hours">
              P95 {formatMs(summary.responseTimeP95)}
            </span>
          ) : null}
        </div>
      </td>
    </tr>
  )
}

export function CheckList(props: ListProps) {
  return (
    <TableWrap label="Checks">
      <table class="check-list">
        <caption class="visually-hidden">Checks</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Name</th>
            <th scope="col" class="nowrap">
              Latest runs
            </th>
            <th scope="col" class="hide-narrow">
              Type
            </th>
            <th scope="col" class="hide-narrow">
              Locations
            </th>
            <th scope="col">Last run</th>
            <th scope="col">Availability 24 h</th>
            <th scope="col">Response time 24 h</th>
          </tr>
        </thead>
        <tbody>
          {props.checks.map((c) => (
            <CheckRow key={c.id} check={c} summary={props.summaries.get(c.id)} onTag={props.onTag} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
