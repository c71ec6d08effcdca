/**
 * Picket's deploy answer in the shape the vendor CLI prints (pure): `{ diff: [{ type, logicalId, physicalId,
 * action }] }` with CREATE, UPDATE (that client shows unchanged resources as "Update and Unchanged" too), DELETE, or
 * DETACHED for a resource removed from code that a deploy with preserveResources kept in the account.
 */
import type { ResourceChange } from '../deploy-request.js'

export type VendorAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'DETACHED'

export interface VendorDiffEntry {
  type: string
  logicalId: string
  physicalId: string | number | null
  action: VendorAction
}

export interface VendorDiff {
  diff: VendorDiffEntry[]
}

const actionOf = (c: ResourceChange, preserve: boolean): VendorAction => (c.action === 'create' ? 'CREATE' : c.action === 'delete' ? (preserve ? 'DETACHED' : 'DELETE') : 'UPDATE')

/** Picket's kinds are the vendor's type names, so a change keeps its type. */
export const vendorDiff = (changes: readonly ResourceChange[], preserveResources: boolean): VendorDiff => ({
  diff: changes.map((c) => ({ type: c.kind, logicalId: c.logicalId, physicalId: c.id, action: actionOf(c, preserveResources) })),
})
