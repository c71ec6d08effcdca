/**
 * The deploy request of the hosted service's own CLI (`checkly deploy`), which a team may point at Picket unchanged:
 * `{ project: {logicalId, name, repoUrl?}, sharedFiles?, repoInfo?, resources: [{ type, logicalId, physicalId?,
 * member, payload, sourceFile? }] }`. Its resources are typed by `type` (Picket's own request types them by `kind`),
 * they name each other with `{ "ref": "<logicalId>" }` (the field says which type), alert-channel subscriptions and
 * private-location assignments are resources of their own, and `member: false` resources stand for objects that
 * already exist (by `physicalId`) and are referred to, never deployed.
 */
export interface VendorResource {
  type: string
  logicalId: string
  physicalId?: string | number | null
  member?: boolean
  payload?: Record<string, unknown> | null
}

export interface VendorDeployRequest {
  project: { logicalId: string; name?: string; repoUrl?: string | null }
  resources: VendorResource[]
}

/** The vendor's resource types and the kind each is deployed as in Picket. */
export const VENDOR_KIND_OF_TYPE = {
  check: 'check',
  'check-group': 'check-group',
  'alert-channel': 'alert-channel',
  'maintenance-window': 'maintenance-window',
  'private-location': 'private-location',
  dashboard: 'dashboard',
  'status-page': 'status-page',
  'status-page-service': 'status-page-service',
} as const
export type VendorKindType = keyof typeof VENDOR_KIND_OF_TYPE

/** Types that are not resources of their own in Picket: they become fields of the check or group they name. */
export const MERGED_TYPES = ['alert-channel-subscription', 'private-location-check-assignment', 'private-location-group-assignment'] as const

/** The vendor's check types Picket deploys, by the segment of POST /v1/checks/{segment}. */
export const VENDOR_CHECK_SEGMENTS: Readonly<Record<string, string>> = {
  API: 'api',
  URL: 'url',
  TCP: 'tcp',
  GRPC: 'grpc',
  SSL: 'ssl',
  TRACEROUTE: 'traceroute',
  AGENTIC: 'agentic',
  DNS: 'dns',
  ICMP: 'icmp',
  HEARTBEAT: 'heartbeat',
  BROWSER: 'browser',
  MULTI_STEP: 'multistep',
  PLAYWRIGHT: 'playwright',
}

/** The alert channel types Picket has. */
export const VENDOR_CHANNEL_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'SMS'] as const

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * True for a body in the vendor's shape: a resource typed by `type` rather than `kind`, or (a project without
 * resources) the `sharedFiles` envelope field only that client sends.
 */
export function isVendorRequest(body: unknown): boolean {
  if (!isObject(body) || !Array.isArray(body.resources)) return false
  if (body.resources.length === 0) return 'sharedFiles' in body || 'repoInfo' in body
  return body.resources.some((r) => isObject(r) && typeof r.type === 'string' && !('kind' in r))
}
