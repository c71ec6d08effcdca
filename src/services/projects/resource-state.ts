/**
 * What became of the resources a project deployed: whether each still exists, whether someone changed it since the
 * project last wrote it (its updated_at is later than the binding's), and what makes it the same resource (a
 * check's type, a variable's key, a private location's slugName). Read through the stores given (a deploy's: after its project row is locked).
 */
import { CHECK_TYPE_DEFS } from '../../domain/checks/registry.js'
import type { BoundState } from '../../domain/projects/plan.js'
import { resourceKey } from '../../domain/projects/refs.js'
import { isUuid } from '../../lib/ids.js'
import type { BindingRecord } from '../../store/projects.js'
import type { Stores } from '../stores.js'

/** The tables a project's resources live in. */
export type ResourceStateStores = Pick<
  Stores,
  'checks' | 'checkGroups' | 'alertChannels' | 'dashboards' | 'maintenanceWindows' | 'statusPages' | 'statusPageServices' | 'variables' | 'privateLocations'
>

interface Found {
  updatedAt: number | null
  identity: string | null
}

/** The path segment of a stored check type ('API' → 'api'), which is how a deploy request names it. */
const segmentOf = (checkType: string): string | null => CHECK_TYPE_DEFS.find((d) => d.checkType === checkType)?.segment ?? null

const serial = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647 ? Number(text) : null)

async function findResource(s: ResourceStateStores, accountId: string, kind: string, id: string): Promise<Found | undefined> {
  const doc = (r: { updatedAt: number | null } | undefined): Found | undefined => (r ? { updatedAt: r.updatedAt, identity: null } : undefined)
  const n = serial(id)
  switch (kind) {
    case 'check': {
      const check = isUuid(id) ? await s.checks.get(accountId, id) : undefined
      return check ? { updatedAt: check.updatedAt, identity: segmentOf(check.checkType) } : undefined
    }
    case 'variable': {
      const variable = await s.variables.get(accountId, id)
      return variable ? { updatedAt: variable.updatedAt, identity: variable.key } : undefined
    }
    case 'check-group':
      return n === null ? undefined : doc(await s.checkGroups.get(accountId, n))
    case 'alert-channel':
      return n === null ? undefined : doc(await s.alertChannels.get(accountId, n))
    case 'maintenance-window':
      return n === null ? undefined : doc(await s.maintenanceWindows.get(accountId, n))
    case 'status-page-service':
      return isUuid(id) ? doc(await s.statusPageServices.get(accountId, id)) : undefined
    case 'status-page':
      return isUuid(id) ? doc(await s.statusPages.get(accountId, id)) : undefined
    case 'private-location': {
      const location = isUuid(id) ? await s.privateLocations.get(accountId, id) : undefined
      const slug: unknown = location ? Reflect.get(location.doc as object, 'slugName') : undefined
      return location ? { updatedAt: location.updatedAt, identity: typeof slug === 'string' ? slug : null } : undefined
    }
    case 'dashboard':
      return doc((await s.dashboards.list(accountId, { where: { dashboard_id: id }, limit: 1 })).items[0])
    default:
      return undefined
  }
}

export async function boundStates(s: ResourceStateStores, accountId: string, bindings: readonly BindingRecord[]): Promise<Map<string, BoundState>> {
  const states = new Map<string, BoundState>()
  for (const b of bindings) {
    const found = await findResource(s, accountId, b.kind, b.resourceId)
    states.set(resourceKey(b.kind, b.logicalId), {
      exists: found !== undefined,
      changedOutside: found !== undefined && found.updatedAt !== null && found.updatedAt > b.updatedAt,
      identity: found?.identity ?? null,
    })
  }
  return states
}
