/** A table of check results; each row links to the result's own page. */
import { Link } from 'wouter-preact'
import { formatDateTime, formatMs, timeAgo } from '../../../lib/format'
import { StatusBadge } from '../status-badge'
import type { CheckResult } from '../types'
import { TableWrap } from '../../../ui/kit'
import { checkPath } from './frame'

export function ResultsTable(props: { checkId: string; results: CheckResult[]; caption: string }) {
  return (
    <TableWrap label={props.caption}>
      <table>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Location</th>
            <th scope="col">Response time</th>
            <th scope="col">Attempts</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {props.results.map((r) => (
            <tr key={r.id}>
              <td>
                <StatusBadge status={r.status} />
              </td>
              <td class="nowrap">
                <Link href={checkPath(props.checkId, `/results/${encodeURIComponent(r.id)}`)} title={formatDateTime(r.startedAt)}>
                  {timeAgo(r.startedAt)}
                </Link>
              </td>
              <td>{r.runLocation}</td>
              <td class="num">{formatMs(r.responseTime)}</td>
              <td class="num">{r.attempts}</td>
              <td class="small error-cell">{r.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
