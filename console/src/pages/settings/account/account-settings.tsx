/** /settings/account: the account's general settings: whether its status badges are public. */
import { useId } from 'preact/hooks'
import { picketApi } from '../../../api/endpoints'
import { useApi, useApiMutation } from '../../../api/hooks'
import { useSession } from '../../../api/session'
import { Card, CopyButton, ErrorBanner, Loading, Notice, PageHeader, Switch } from '../../../ui/kit'
import { useDocumentTitle } from '../../../ui/title'
import '../shared/settings.css'

/** A check's badge as another site embeds it: the address, and the Markdown of a README. */
function BadgeExample(props: { checkId: string; checkName: string }) {
  const url = `${window.location.origin}/v1/badges/checks/${encodeURIComponent(props.checkId)}`
  const markdown = `![${props.checkName}](${url})`
  return (
    <div class="badge-example">
      <p>
        The badge of <strong>{props.checkName}</strong>: <img src={url} alt={`Status badge of ${props.checkName}`} height={20} />
      </p>
      <div class="secret-once">
        <code>{markdown}</code>
        <CopyButton text={markdown} label="Copy Markdown" />
      </div>
      <p class="small muted">
        Add <code>?style=flat-square</code> or <code>?responseTime=true</code> to change its look; a group's badge is at <code>/v1/badges/groups/&lt;id&gt;</code>.
      </p>
    </div>
  )
}

function BadgesCard() {
  const hintId = useId()
  const canWrite = useSession().can('write')
  const settings = useApi(picketApi.users.settings())
  const firstCheck = useApi(picketApi.checks.list({ limit: 1 }))
  const save = useApiMutation((badgesEnabled: boolean) => picketApi.users.updateSettings({ ...settings.data, badgesEnabled }), [picketApi.users.settingsRoot])
  if (settings.isLoading) return <Loading />
  if (!settings.data) return <ErrorBanner error={settings.error} title="Could not load the account settings" />
  const on = settings.data.badgesEnabled
  const check = firstCheck.data?.rows[0]
  return (
    <Card title="Status badges">
      <p id={hintId} class="muted">
        A badge is a small picture of a check's or group's state (passing, degraded, failing) that a README, wiki or intranet page can show. When this is on, anyone who knows a
        check's id can load its badge without an API key; nothing else of the account is shown.
      </p>
      <Switch label="Serve status badges without an API key" checked={on} busy={save.isPending} disabled={!canWrite} describedBy={hintId} onChange={(v) => save.mutate(v)} />
      {!canWrite ? <p class="small muted">Your role can read this setting but not change it.</p> : null}
      <ErrorBanner error={save.error} title="The setting was not saved" />
      {save.isSuccess ? <Notice kind="success">{on ? 'Badges are served.' : 'Badges are no longer served.'}</Notice> : null}
      {on && check ? <BadgeExample checkId={check.id} checkName={check.name} /> : null}
    </Card>
  )
}

export default function AccountSettingsPage() {
  const session = useSession()
  useDocumentTitle('Account settings')
  return (
    <>
      <PageHeader title="Account settings" subtitle={session.account.name} />
      <BadgesCard />
    </>
  )
}
