/** Dashboards as the API has them (dashboardsApi, by dashboardId): what they show and where they are reached. */
import type { DashboardSettings, DashboardView } from '../../../api/contracts'

export type { DashboardSettings }
export type Dashboard = DashboardView

/** The choices the form offers; `satisfies` keeps them to the contract's. */
export const WIDTHS = ['FULL', '960PX'] as const satisfies ReadonlyArray<DashboardSettings['width']>
export const REFRESH_RATES = [60, 300, 600] as const satisfies ReadonlyArray<DashboardSettings['refreshRate']>
export const PAGINATION_RATES = [30, 60, 300] as const satisfies ReadonlyArray<DashboardSettings['paginationRate']>

export const DEFAULTS: DashboardSettings = {
  header: '',
  customUrl: null,
  customDomain: null,
  logo: null,
  favicon: null,
  link: null,
  description: null,
  width: 'FULL',
  refreshRate: 60,
  paginate: true,
  paginationRate: 60,
  sortByStatus: false,
  checksPerPage: 15,
  tags: [],
  useTagsAndOperator: false,
  hideTags: false,
  enableIncidents: false,
  expandChecks: false,
  showHeader: true,
  showCheckRunLinks: false,
  showGroupNames: true,
  showP95: true,
  showP99: true,
  customCSS: '',
  isPrivate: false,
}

/** The display switches, in the order the form shows them. */
export const TOGGLES: Array<{ key: keyof DashboardSettings; label: string }> = [
  { key: 'showHeader', label: 'Show the title and description' },
  { key: 'sortByStatus', label: 'Failing checks first' },
  { key: 'expandChecks', label: 'Expand checks' },
  { key: 'showGroupNames', label: 'Show group names' },
  { key: 'hideTags', label: 'Hide tags' },
  { key: 'showP95', label: 'Show P95' },
  { key: 'showP99', label: 'Show P99' },
  { key: 'showCheckRunLinks', label: 'Link to check runs' },
  { key: 'enableIncidents', label: 'Show incidents' },
]

export const liveUrl = (d: Pick<Dashboard, 'customUrl' | 'customDomain'>): string | null =>
  d.customUrl ? `/dashboards/${d.customUrl}` : d.customDomain ? `https://${d.customDomain}/` : null
