/** The table of checks: one row per check of the page, with its status, last run and 24-hour figures. */
import { Link } from 'wouter-preact'
import { formatDateTime, formatMs, formatPercent, timeAgo } from '../../../lib/format'
import { Badge } from '../../../ui/kit'
import { StatusBadge } from '../status-badge'
import { locationsOf, typeLabel, type Check, type CheckStatus, type CheckSummary } from '../types'
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

interface ListProps {
  checks: Check[]
  statuses: Map<string, CheckStatus>
  summaries: Map<string, CheckSummary>
  onTag: (tag: string) => void
}

export function CheckList(props: ListProps) {
  return (
    <div class="table-wrap">
      <table class="check-list">
        <caption class="visually-hidden">Checks</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Name</th>
            <th scope="col" class="hide-narrow">
              Type
            </th>
            <th scope="col" class="hide-narrow">
              Locations
            </th>
            <th scope="col">Last run</th>
            <th scope="col" class="nowrap">
              Availability 24 h
            </th>
            <th scope="col" class="nowrap">
              Response time 24 h
            </th>
          </tr>
        </thead>
        <tbody>
          {props.checks.map((c) => {
            const status = props.statuses.get(c.id)
            const summary = props.summaries.get(c.id)
            return (
              <tr key={c.id} data-check-id={c.id}>
                <td>
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
                <td class="hide-narrow">{typeLabel(c.checkType)}</td>
                <td class="small hide-narrow">
                  <Locations check={c} />
                </td>
                <td class="small nowrap" title={formatDateTime(status?.lastRunAt)}>
                  {status?.lastRunAt ? timeAgo(status.lastRunAt) : <span class="muted">never</span>}
                </td>
                <td class="num">{formatPercent(summary?.availability)}</td>
                <td>
                  <div class="spark-cell">
                    {summary ? <Sparkline series={summary.series} /> : <span class="muted">–</span>}
                    {summary?.responseTimeP95 !== null && summary?.responseTimeP95 !== undefined ? (
                      <span class="small muted" title="95th percentile over 24 hours">
                        P95 {formatMs(summary.responseTimeP95)}
                      </span>
                    ) : null}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
