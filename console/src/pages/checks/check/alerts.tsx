/**
 * A check's alerts and the notifications sent for them. The API answers windows of at most 6 hours (alerts) and
 * 24 hours (notifications), so both lists step through time with Earlier / Later.
 */
import { useState } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { formatDateTime, formatMs } from '../../../lib/format'
import { Badge, Button, Card, ErrorBanner, Loading, TableWrap } from '../../../ui/kit'
import { AlertKind, ChannelLink, DeliveryBadge, alertWords } from '../../settings/alerting/notification-parts'
import { Pager } from '../pager'
import type { Check } from '../types'
import { CheckFrame, checkPath } from './frame'

const H = 3600

function Window(props: { to: number; span: number; onTo: (to: number | null) => void; live: boolean }) {
  return (
    <div class="window-nav">
      <Button onClick={() => props.onTo(props.to - props.span)}>← Earlier</Button>
      <span class="small muted">
        {props.live
          ? `Last ${props.span / H} hours`
          : `${formatDateTime(new Date((props.to - props.span) * 1000).toISOString())} – ${formatDateTime(new Date(props.to * 1000).toISOString())}`}
      </span>
      <Button onClick={() => props.onTo(props.to + props.span)} disabled={props.live}>
        Later →
      </Button>
      {!props.live ? (
        <Button variant="ghost" onClick={() => props.onTo(null)}>
          Latest
        </Button>
      ) : null}
    </div>
  )
}

const ALERT_TONE = (t: string) =>
  (t.includes('RECOVERY') ? 'ok' : t.includes('DEGRADED') && !t.endsWith('FAILURE') ? 'degraded' : t === 'NO_ALERT' ? 'muted' : 'failing') as
    'ok' | 'degraded' | 'muted' | 'failing'

/** Live (the API's default window ending now, so the query stays the same between renders) or ending at `to`. */
function useWindow(span: number) {
  const [to, setTo] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const now = Math.floor(Date.now() / 1000)
  const end = to ?? now
  return { end, live: to === null || to >= now, page, setPage, setTo: (t: number | null) => (setTo(t !== null && t >= now ? null : t), setPage(1)), from: end - span }
}

function AlertsList(props: { check: Check }) {
  const w = useWindow(6 * H)
  const q = useApi(picketApi.alerting.checkAlerts(props.check.id, { from: w.live ? undefined : w.from, to: w.live ? undefined : w.end, limit: 25, page: w.page }), {
    refetchInterval: w.live ? 30_000 : undefined,
  })
  return (
    <Card title="Alerts">
      <Window to={w.end} span={6 * H} onTo={w.setTo} live={w.live} />
      <ErrorBanner error={q.error} title="Alerts could not be loaded" />
      {q.isLoading ? (
        <Loading />
      ) : q.data && q.data.rows.length > 0 ? (
        <TableWrap label="Alerts">
          <table class="stack-table">
            <caption class="visually-hidden">Alerts</caption>
            <thead>
              <tr>
                <th scope="col">Alert</th>
                <th scope="col">Time</th>
                <th scope="col">Location</th>
                <th scope="col">Response time</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Badge tone={ALERT_TONE(a.alertType)}>{alertWords(a.alertType)}</Badge>
                    {a.isReminder ? <span class="small muted"> reminder</span> : null}
                  </td>
                  <td class="nowrap small" data-label="Time">
                    {a.checkResultId ? (
                      <Link href={checkPath(a.checkId, `/results/${encodeURIComponent(a.checkResultId)}`)} title="The run that raised this alert">
                        {formatDateTime(a.created_at)}
                      </Link>
                    ) : (
                      formatDateTime(a.created_at)
                    )}
                  </td>
                  <td data-label="Location">{a.runLocation}</td>
                  <td class="num" data-label="Response time">
                    {formatMs(a.responseTime)}
                  </td>
                  <td class="small cell-text" data-label="Error">
                    {a.error ?? (a.statusCode ? `HTTP ${a.statusCode}` : '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : !q.error ? (
        <p class="muted">No alerts in this window.</p>
      ) : null}
      <Pager page={w.page} limit={25} total={q.data?.total ?? null} count={q.data?.rows.length ?? 0} onPage={w.setPage} label="Pages of alerts" />
    </Card>
  )
}

function Notifications(props: { check: Check }) {
  const w = useWindow(24 * H)
  const q = useApi(picketApi.alerting.notifications({ checkId: props.check.id, from: w.live ? undefined : w.from, to: w.live ? undefined : w.end, limit: 25, page: w.page }), {
    refetchInterval: w.live ? 30_000 : undefined,
  })
  return (
    <Card title="Notifications">
      <Window to={w.end} span={24 * H} onTo={w.setTo} live={w.live} />
      <ErrorBanner error={q.error} title="Notifications could not be loaded" />
      {q.isLoading ? (
        <Loading />
      ) : q.data && q.data.rows.length > 0 ? (
        <TableWrap label="Notifications">
          <table class="stack-table">
            <caption class="visually-hidden">Notifications</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Delivery</th>
                <th scope="col">Alert</th>
                <th scope="col">Time</th>
                <th scope="col">Attempts</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((n) => (
                <tr key={n.id}>
                  <td data-label="Channel">
                    <ChannelLink n={n} />
                  </td>
                  <td data-label="Delivery">
                    <DeliveryBadge status={n.status} />
                  </td>
                  <td class="small" data-label="Alert">
                    <AlertKind n={n} />
                  </td>
                  <td class="nowrap small" data-label="Time">
                    {formatDateTime(n.sent_at ?? n.created_at)}
                  </td>
                  <td class="num" data-label="Attempts">
                    {n.attempts}
                  </td>
                  <td class="small cell-text" data-label="Error">
                    {n.lastError ?? ''}
                    {n.nextAttemptAt ? <div class="muted">Next try {formatDateTime(n.nextAttemptAt)}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : !q.error ? (
        <p class="muted">No notifications in this window.</p>
      ) : null}
      <Pager page={w.page} limit={25} total={q.data?.total ?? null} count={q.data?.rows.length ?? 0} onPage={w.setPage} label="Pages of notifications" />
    </Card>
  )
}

export default function Alerts(props: { params: Record<string, string | undefined> }) {
  return (
    <CheckFrame id={props.params.id ?? ''} tab="alerts">
      {(check) => (
        <>
          <AlertsList check={check} />
          <Notifications check={check} />
        </>
      )}
    </CheckFrame>
  )
}
