/**
 * References of the vendor's request (pure): `{ "ref": "<logicalId>" }` names a resource of the request, of the
 * type its field takes. A member resource becomes Picket's `{ "$ref": "<kind>:<logicalId>" }`; a `member: false`
 * one (an object that exists already) becomes its physical id.
 */
import { refTo } from '../deploy-request.js'
import { VENDOR_KIND_OF_TYPE, type VendorKindType } from './request.js'

export const isVendorRef = (v: unknown): v is { ref: string } => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { ref?: unknown }).ref === 'string'

/** The resources of a request by `<type>:<logicalId>`: members, and the physical ids of the others. */
export interface VendorIndex {
  members: ReadonlySet<string>
  external: ReadonlyMap<string, string | number>
}

export const vendorKey = (type: string, logicalId: string): string => `${type}:${logicalId}`

export type Resolved = { value: unknown } | { problem: string }

/** What a value of a field that takes the id of a `type` resource becomes; a value that is no reference stays. */
export function resolveRef(index: VendorIndex, type: VendorKindType, value: unknown): Resolved {
  if (!isVendorRef(value)) return { value }
  const key = vendorKey(type, value.ref)
  if (index.members.has(key)) return { value: refTo(VENDOR_KIND_OF_TYPE[type], value.ref) }
  const physical = index.external.get(key)
  if (physical !== undefined) return { value: physical }
  return { problem: `refers to ${type} "${value.ref}", which is not a resource of this project` }
}
