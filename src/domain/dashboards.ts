/**
 * Dashboards: the request schemas, defaults and rules. Field names follow the reference's
 * DashboardCreate. A dashboard is reached at a subdomain (customUrl) or a custom domain; both are unique across all
 * accounts. A private dashboard is opened with a key that is shown once; only its hash is stored (in `keys`).
 */
import { Type, type Static } from 'typebox'
import { IntEnum, Nullable, StringEnum } from './checks/shared-schemas.js'
import { FieldErrorCollector } from './errors.js'

export const DASHBOARD_WIDTHS = ['FULL', '960PX'] as const
export const REFRESH_RATES = [60, 300, 600] as const
export const PAGINATION_RATES = [30, 60, 300] as const
export const MAX_CUSTOM_CSS = 64 * 1024

const url = (description: string) => Nullable(Type.String({ maxLength: 2048, description: `${description} An http(s) URL, or empty.` }))

const fields = {
  customUrl: Nullable(Type.String({ maxLength: 63, description: 'Subdomain under the service domain: a-z, 0-9 and dashes; unique across all accounts.' })),
  customDomain: Nullable(Type.String({ maxLength: 253, description: 'A host name of your own, e.g. status.example.com; unique across all accounts.' })),
  logo: url('Image shown in the header.'),
  favicon: url('Favicon of the page.'),
  link: url('Where a click on the logo goes.'),
  header: Type.String({ maxLength: 255, description: 'Title text at the top of the dashboard.' }),
  description: Nullable(Type.String({ maxLength: 1024, description: 'Text shown below the header.' })),
  width: StringEnum(DASHBOARD_WIDTHS, { default: 'FULL' }),
  refreshRate: IntEnum(REFRESH_RATES, { default: 60, description: 'Seconds between refreshes.' }),
  paginate: Type.Boolean({ default: true }),
  paginationRate: IntEnum(PAGINATION_RATES, { default: 60, description: 'Seconds between pages.' }),
  sortByStatus: Type.Boolean({ default: false, description: 'Failing checks first.' }),
  checksPerPage: Nullable(Type.Integer({ minimum: 1, maximum: 20, default: 15 })),
  tags: Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100, description: 'Only checks with these tags are shown; empty shows all.' })),
  useTagsAndOperator: Nullable(Type.Boolean({ default: false, description: 'Checks must have all the tags (AND) rather than any (OR).' })),
  hideTags: Type.Boolean({ default: false }),
  enableIncidents: Type.Boolean({ default: false }),
  expandChecks: Type.Boolean({ default: false }),
  showHeader: Type.Boolean({ default: true, description: 'Show the header and description.' }),
  showCheckRunLinks: Type.Boolean({ default: false }),
  showGroupNames: Type.Boolean({ default: true }),
  showP95: Type.Boolean({ default: true }),
  showP99: Type.Boolean({ default: true }),
  customCSS: Nullable(Type.String({ maxLength: MAX_CUSTOM_CSS, default: '' })),
  isPrivate: Type.Boolean({ default: false, description: 'A private dashboard is opened with its key, shown once in keys[].rawKey.' }),
}
type Fields = typeof fields

const { header, ...rest } = fields
export const DashboardCreateBody = Type.Object({ header, ...Type.Partial(Type.Object(rest)).properties })
export const DashboardUpdateBody = Type.Partial(Type.Object(fields))

export type DashboardSettings = { [K in keyof Fields]: Static<Fields[K]> }
export type DashboardBody = Partial<DashboardSettings>

export const DASHBOARD_DEFAULTS: Omit<DashboardSettings, 'header'> = {
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

export const SETTING_NAMES = Object.keys(fields) as Array<keyof DashboardSettings>

/** null means "keep" for these (as lists do elsewhere in the API); for the other nullable fields it clears. */
const KEEP_ON_NULL = new Set<string>(['checksPerPage', 'tags', 'useTagsAndOperator'])

const SUBDOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

export function hostnameProblem(host: string): string | null {
  const labels = host.split('.')
  if (labels.length < 2) return 'must be a host name with a domain, e.g. status.example.com'
  if (!labels.every((l) => LABEL.test(l))) return 'must be a host name: labels of a-z, 0-9 and dashes, not starting or ending with a dash'
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return 'must be a host name, not an IP address'
  return null
}

function urlProblem(value: unknown): string | null {
  if (value === null || value === '' || typeof value !== 'string') return null
  try {
    const parsed = new URL(value)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : 'must be an http(s) URL or empty'
  } catch {
    return 'must be an http(s) URL or empty'
  }
}

/**
 * The stored settings after applying a create or update body (fields left out keep their value). The rules look only
 * at values of the right type, so they also run on a body that failed its schema.
 */
export function buildDashboardSettings(body: Record<string, unknown>, existing?: DashboardSettings): DashboardSettings {
  const settings: Record<string, unknown> = { ...DASHBOARD_DEFAULTS }
  for (const name of SETTING_NAMES) if (existing && existing[name] !== undefined) settings[name] = existing[name]
  for (const name of SETTING_NAMES) {
    let value: unknown = body[name]
    if (value === undefined || (value === null && KEEP_ON_NULL.has(name))) continue
    if (name === 'customCSS' && value === null) value = ''
    if ((name === 'customUrl' || name === 'customDomain') && value === '') value = null
    if (name === 'customDomain' && typeof value === 'string') value = value.toLowerCase().replace(/\.$/, '')
    settings[name] = value
  }
  const errors = new FieldErrorCollector()
  const { customUrl, customDomain } = settings
  if (typeof customUrl === 'string' && !SUBDOMAIN.test(customUrl)) {
    errors.add('customUrl', 'must be 1 to 63 of a-z, 0-9 and dashes, not starting or ending with a dash')
  }
  if (typeof customDomain === 'string') {
    const problem = hostnameProblem(customDomain)
    if (problem) errors.add('customDomain', problem)
  }
  if (customUrl === null && customDomain === null) errors.add('customUrl', 'customUrl or customDomain is required')
  for (const name of ['logo', 'favicon', 'link'] as const) {
    const problem = urlProblem(settings[name])
    if (problem) errors.add(name, problem)
  }
  errors.throwIfAny()
  return settings as DashboardSettings
}

/** A private dashboard's key as stored: never the raw key. */
export interface StoredDashboardKey {
  id: string
  hash: string
  maskedKey: string
  createdAt: number
}

/** True when a stored dashboard document has a key with this SHA-256 hash (see hashSecret in lib/ids). */
export const dashboardHasKey = (keys: unknown, hash: string): boolean => Array.isArray(keys) && keys.some((k: StoredDashboardKey) => k.hash === hash)
