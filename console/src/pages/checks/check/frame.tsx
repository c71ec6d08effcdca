/** The frame of every page of one check: its header (name, status, actions) and the tabs, around the tab's content. */
import type { ComponentChildren } from 'preact'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { Empty, ErrorBanner, LinkButton, Loading, Tabs } from '../../../ui/kit'
import { useDocumentTitle } from '../../../ui/title'
import type { Check, CheckStatus } from '../types'
import { CheckHeader } from './header'
import '../checks.css'
import './check-page.css'

export type CheckTab = 'overview' | 'results' | 'analytics' | 'errors' | 'alerts'

const TABS: Array<{ tab: CheckTab; label: string; suffix: string }> = [
  { tab: 'overview', label: 'Overview', suffix: '' },
  { tab: 'results', label: 'Results', suffix: '/results' },
  { tab: 'analytics', label: 'Analytics', suffix: '/analytics' },
  { tab: 'errors', label: 'Errors', suffix: '/errors' },
  { tab: 'alerts', label: 'Alerts', suffix: '/alerts' },
]

export const checkPath = (id: string, suffix = '') => `/checks/${encodeURIComponent(id)}${suffix}`

export function CheckFrame(props: { id: string; tab: CheckTab; children: (check: Check, status: CheckStatus | undefined) => ComponentChildren }) {
  const check = useApi(picketApi.checks.get(props.id))
  const status = useApi(picketApi.checkResults.status(props.id), { refetchInterval: 10_000 })
  // The check's name first: a browser tab shows the start of the title, and several checks' tabs differ there.
  useDocumentTitle(check.data?.name ?? (check.error?.status === 404 ? 'Check not found' : null), TABS.find((t) => t.tab === props.tab)?.label)
  if (check.isLoading) return <Loading label="Loading check…" />
  if (check.error?.status === 404) {
    return (
      <Empty title="Check not found">
        <p>There is no check with this id in this account. It may have been deleted.</p>
        <LinkButton href="/">Back to checks</LinkButton>
      </Empty>
    )
  }
  if (!check.data) return <ErrorBanner error={check.error} title="The check could not be loaded" />
  return (
    <div class="check-page">
      <CheckHeader check={check.data} status={status.data} />
      <Tabs tabs={TABS.map((t) => ({ href: checkPath(props.id, t.suffix), label: t.label, active: t.tab === props.tab }))} />
      {props.children(check.data, status.data)}
    </div>
  )
}
