/** Dashboards as the API has them (/v1/dashboards, by dashboardId): what they show and where they are reached. */
export const WIDTHS = ['FULL', '960PX'] as const
export const REFRESH_RATES = [60, 300, 600] as const
export const PAGINATION_RATES = [30, 60, 300] as const

export interface DashboardSettings {
  header: string
  customUrl: string | null
  customDomain: string | null
  logo: string | null
  favicon: string | null
  link: string | null
  description: string | null
  width: (typeof WIDTHS)[number]
  refreshRate: number
  paginate: boolean
  paginationRate: number
  sortByStatus: boolean
  checksPerPage: number | null
  tags: string[]
  useTagsAndOperator: boolean
  hideTags: boolean
  enableIncidents: boolean
  expandChecks: boolean
  showHeader: boolean
  showCheckRunLinks: boolean
  showGroupNames: boolean
  showP95: boolean
  showP99: boolean
  customCSS: string | null
  isPrivate: boolean
}

export interface Dashboard extends DashboardSettings {
  id: number
  dashboardId: string
  keys: Array<{ id: string; rawKey?: string; maskedKey: string; created_at: string }>
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

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

export const DASHBOARDS_PATH = '/v1/dashboards'
export const liveUrl = (d: Pick<Dashboard, 'customUrl' | 'customDomain'>): string | null =>
  d.customUrl ? `/dashboards/${d.customUrl}` : d.customDomain ? `https://${d.customDomain}/` : null
