/** /alerting/notifications: what was sent to which channel in a 24-hour window, and how delivery went. */
import { useState } from 'preact/hooks'
import { picketApi, type AlertNotification as Notification } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { Empty, ErrorBanner, Loading, PageHeader, TableWrap } from '../../../ui/kit'
import { useDocumentTitle } from '../../../ui/title'
import { AlertKind, AlertSubject, ChannelLink, DeliveryBadge } from './notification-parts'
import { Pager } from '../shared/paged-table'
import '../shared/settings.css'

const WINDOWS = [
  { value: 0, label: 'Last 24 hours' },
  { value: 1, label: '24–48 hours ago' },
  { value: 2, label: '48–72 hours ago' },
]
const LIMIT = 25

function Outcome(props: { n: Notification }) {
  const { n } = props
  const detail = n.lastError ?? (n.status === 'SUCCESS' ? n.notificationResult : null)
  return (
    <>
      <DeliveryBadge status={n.status} />
      <div class="muted small">
        {n.attempts} attempt{n.attempts === 1 ? '' : 's'}
        {n.responseStatus !== null ? ` · status ${n.responseStatus}` : ''}
        {n.nextAttemptAt ? ` · next ${timeAgo(n.nextAttemptAt)}` : ''}
      </div>
      {detail ? <div class={`small${n.lastError ? ' field-error' : ' muted'}`}>{detail.length > 200 ? `${detail.slice(0, 200)}…` : detail}</div> : null}
    </>
  )
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications')
  const [daysBack, setDaysBack] = useState(0)
  const [failuresOnly, setFailuresOnly] = useState(false)
  const [page, setPage] = useState(1)
  const [now] = useState(() => Math.floor(Date.now() / 1000))
  const to = now - daysBack * 86_400
  const list = useApi(picketApi.alerting.notifications({ from: to - 86_400, to, hasFailures: failuresOnly ? true : undefined, limit: LIMIT, page }), {
    refetchInterval: 30_000,
  })
  const rows = list.data?.rows ?? []
  const total = list.data?.total ?? rows.length
  return (
    <>
      <PageHeader title="Notifications" subtitle="Alert messages sent to your channels, newest first." />
      <div class="inline-form card">
        <div class="field">
          <label for="notif-window">Window</label>
          <select
            id="notif-window"
            value={daysBack}
            onChange={(e) => {
              setDaysBack(Number(e.currentTarget.value))
              setPage(1)
            }}
          >
            {WINDOWS.map((w) => (
              <option value={w.value}>{w.label}</option>
            ))}
          </select>
        </div>
        <div class="field field-check">
          <label>
            <input
              type="checkbox"
              checked={failuresOnly}
              onChange={(e) => {
                setFailuresOnly(e.currentTarget.checked)
                setPage(1)
              }}
            />{' '}
            Only failed deliveries
          </label>
        </div>
      </div>
      {list.isLoading ? <Loading /> : null}
      <ErrorBanner error={list.error} title="Could not load the notifications" />
      {list.data && rows.length === 0 ? <Empty title="No notifications in this window">Alerts sent to your channels show here.</Empty> : null}
      {rows.length > 0 ? (
        <TableWrap label="Alert notifications">
          <table class="stack-table">
            <caption class="visually-hidden">Alert notifications</caption>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Alert</th>
                <th scope="col">Channel</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => (
                <tr>
                  <td class="nowrap" title={formatDateTime(n.sent_at ?? n.created_at)} data-label="Sent">
                    {timeAgo(n.sent_at ?? n.created_at)}
                  </td>
                  <td data-label="Alert">
                    <AlertSubject n={n} />
                    <div class="small">
                      <AlertKind n={n} />
                    </div>
                  </td>
                  <td data-label="Channel">
                    <ChannelLink n={n} />
                  </td>
                  <td data-label="Outcome">
                    <Outcome n={n} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pager page={page} pages={Math.max(1, Math.ceil(total / LIMIT))} total={total} onPage={setPage} />
    </>
  )
}
