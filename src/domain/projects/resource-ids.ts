/**
 * How a project's resources are named by id (pure): integers for check groups, alert channels and maintenance
 * windows; UUIDs for checks, status page services and status pages; the dashboardId (a UUID) for dashboards, as
 * their routes use it; the key for variables. Bindings store every id as text.
 */
import type { DeployResource, ResourceKind } from './deploy-request.js'

export type ResourceId = string | number

const INTEGER_ID_KINDS: ReadonlySet<ResourceKind> = new Set(['check-group', 'alert-channel', 'maintenance-window'])

/** An id as the API shows it, from the text a binding stores. */
export const typedId = (kind: string, text: string): ResourceId => (INTEGER_ID_KINDS.has(kind as ResourceKind) ? Number(text) : text)

const PLACEHOLDER_UUID = '00000000-0000-4000-8000-000000000000'

/**
 * An id of the right type for a reference to `target` while the request is validated (before anything exists):
 * a variable's is its key, known from its payload.
 */
export function placeholderId(target: DeployResource | undefined, kind: ResourceKind): ResourceId {
  if (INTEGER_ID_KINDS.has(kind)) return 1
  if (kind === 'variable') return typeof target?.payload.key === 'string' ? target.payload.key : 'VARIABLE'
  return PLACEHOLDER_UUID
}

/**
 * What makes a resource the same resource across deploys beyond its binding: a check's type (a check cannot change
 * type, so a new type replaces it), a variable's key (its id) and a private location's slugName. Null: nothing beyond the binding.
 */
export function identityOf(resource: Pick<DeployResource, 'kind' | 'checkType' | 'payload'>): string | null {
  if (resource.kind === 'check') return resource.checkType ?? null
  if (resource.kind === 'variable') return typeof resource.payload.key === 'string' ? resource.payload.key : null
  // A private location's slugName never changes: a new one replaces the location.
  if (resource.kind === 'private-location') return typeof resource.payload.slugName === 'string' ? resource.payload.slugName : null
  return null
}

/** The payload field that names the identity, for an update's list of changed fields. */
export const identityField = (kind: ResourceKind): string | null => (kind === 'check' ? 'checkType' : kind === 'variable' ? 'key' : kind === 'private-location' ? 'slugName' : null)
