/** A check's header: name, type, status, activated and muted, Edit and Run now, and a heartbeat's ping address. */
import { useSession } from '../../../api/session'
import { formatDateTime, timeAgo } from '../../../lib/format'
import { Badge, CopyButton, LinkButton, PageHeader } from '../../../ui/kit'
import { StatusBadge } from '../status-badge'
import { typeLabel, type Check, type CheckStatus } from '../types'
import { RunNow } from './run-now'

const RUNNABLE = new Set(['API', 'URL', 'TCP', 'DNS', 'ICMP', 'BROWSER', 'MULTI_STEP', 'PLAYWRIGHT'])

export function CheckHeader(props: { check: Check; status: CheckStatus | undefined }) {
  const { check, status } = props
  const session = useSession()
  const pingUrl = check.checkType === 'HEARTBEAT' ? check.heartbeat?.pingUrl : undefined
  return (
    <>
      <PageHeader
        back={{ href: '/', label: 'Checks' }}
        title={check.name}
        subtitle={
          <span class="check-meta">
            <Badge tone="info">{typeLabel(check.checkType)}</Badge>
            <StatusBadge status={status?.status} />
            {check.activated ? <Badge tone="ok">Activated</Badge> : <Badge tone="muted">Deactivated</Badge>}
            {check.muted ? <Badge tone="muted">Muted</Badge> : null}
            {status?.lastRunAt ? (
              <span class="small" title={formatDateTime(status.lastRunAt)}>
                Last run {timeAgo(status.lastRunAt)}
                {status.lastRunLocation ? ` in ${status.lastRunLocation}` : ''}
              </span>
            ) : null}
          </span>
        }
        actions={
          <>
            {session.can('run') && RUNNABLE.has(check.checkType) ? <RunNow checkId={check.id} /> : null}
            {session.can('write') ? <LinkButton href={`/checks/${encodeURIComponent(check.id)}/edit`}>Edit</LinkButton> : null}
          </>
        }
      />
      {pingUrl ? (
        <div class="ping-url card">
          <span class="small muted" id="ping-url-label">
            Ping URL
          </span>
          <code aria-labelledby="ping-url-label">{pingUrl}</code>
          <CopyButton text={pingUrl} label="Copy ping URL" />
        </div>
      ) : null}
    </>
  )
}
