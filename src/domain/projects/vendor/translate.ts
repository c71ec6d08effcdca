/**
 * The vendor CLI's deploy request as Picket's own (pure): its resources become DeployResources of the same logical
 * ids, its references Picket's `$ref`s (or the ids of objects that exist already), its alert-channel subscriptions
 * and private-location assignments fields of the checks and groups they name. A resource type or check type Picket
 * lacks, a reference to nothing and a malformed resource are all named in one ValidationError before anything is
 * written, so a deploy is never applied in part.
 */
import { ValidationError, describeFields, type FieldErrors } from '../../errors.js'
import type { DeployRequest, DeployResource, ResourcePayload } from '../deploy-request.js'
import { vendorCheckShape } from './check-shapes.js'
import { resolveRef, vendorKey, type VendorIndex } from './refs.js'
import { MERGED_TYPES, VENDOR_CHANNEL_TYPES, VENDOR_CHECK_SEGMENTS, VENDOR_KIND_OF_TYPE, type VendorKindType, type VendorResource } from './request.js'

export interface VendorTranslation {
  request: DeployRequest
  /** For each resource of `request`, the index of the vendor resource it came from (errors name that one). */
  sourceIndex: number[]
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)
const isKindType = (t: string): t is VendorKindType => Object.prototype.hasOwnProperty.call(VENDOR_KIND_OF_TYPE, t)
const isMergedType = (t: string): boolean => (MERGED_TYPES as readonly string[]).includes(t)

/** Fields of the vendor's check payloads that only its own service reads (where a script came from, its snapshots). */
const CLIENT_ONLY_FIELDS = ['checkType', 'scriptPath', 'dependencies', 'snapshots', 'sourceFile', 'v', 'codeBundlePath', 'cacheHash']

/**
 * Fields the public create route requires of a check type that the vendor's client leaves out of its deploy (the
 * reference's schema asks every ICMP check for a heartbeat object and a script, every heartbeat for a script): what
 * a create without them would mean.
 */
const REQUIRED_FILLERS: Readonly<Record<string, Json>> = {
  icmp: { heartbeat: {}, script: '' },
  heartbeat: { script: '' },
}

export const vendorLabel = (index: number, r: { type?: unknown; logicalId?: unknown }): string => `resources[${index}] (${String(r.type)}:${String(r.logicalId)})`

interface Context {
  index: VendorIndex
  add(path: string, why: string): void
}

/** The value of a reference field, or the field left as it was (with the problem noted) when it names nothing. */
function refField(ctx: Context, path: string, type: VendorKindType, value: unknown): unknown {
  const resolved = resolveRef(ctx.index, type, value)
  if ('problem' in resolved) {
    ctx.add(path, resolved.problem)
    return null
  }
  return resolved.value
}

function checkPayload(ctx: Context, label: string, payload: Json): { payload: Json; checkType?: string } {
  const segment = typeof payload.checkType === 'string' ? VENDOR_CHECK_SEGMENTS[payload.checkType] : undefined
  if (segment === undefined) {
    ctx.add(`${label}.checkType`, `${JSON.stringify(payload.checkType)} is a check type Picket does not have (it has ${Object.keys(VENDOR_CHECK_SEGMENTS).join(', ')})`)
  }
  const out: Json = Object.fromEntries(Object.entries(payload).filter(([k]) => !CLIENT_ONLY_FIELDS.includes(k)))
  if ('groupId' in out) out.groupId = refField(ctx, `${label}.groupId`, 'check-group', out.groupId)
  if (isObject(out.triggerIncident)) {
    out.triggerIncident = { ...out.triggerIncident, serviceId: refField(ctx, `${label}.triggerIncident.serviceId`, 'status-page-service', out.triggerIncident.serviceId) }
  }
  // A suite's code comes as an uploaded bundle; the service reads it into `files` before this translation.
  if (segment === 'playwright' && out.files === undefined) {
    ctx.add(`${label}.codeBundlePath`, `names no code bundle this account uploaded (${JSON.stringify(payload.codeBundlePath ?? null)}): a Playwright check suite needs its files`)
  }
  if (segment === undefined) return { payload: out }
  const shaped = vendorCheckShape(segment, out, label)
  for (const p of shaped.problems) ctx.add(p.field, p.why)
  return { payload: { ...REQUIRED_FILLERS[segment], ...shaped.payload }, checkType: segment }
}

function statusPagePayload(ctx: Context, label: string, payload: Json): Json {
  if (!Array.isArray(payload.cards)) return payload
  const cards = payload.cards.map((card: unknown, c) =>
    isObject(card) && Array.isArray(card.services)
      ? { ...card, services: card.services.map((s: unknown, i) => refField(ctx, `${label}.cards[${c}].services[${i}]`, 'status-page-service', s)) }
      : card,
  )
  return { ...payload, cards }
}

function memberPayload(ctx: Context, type: VendorKindType, label: string, payload: Json): { payload: Json; checkType?: string } {
  switch (type) {
    case 'check':
      return checkPayload(ctx, label, payload)
    case 'status-page':
      return { payload: statusPagePayload(ctx, label, payload) }
    case 'alert-channel':
      if (!(VENDOR_CHANNEL_TYPES as readonly unknown[]).includes(payload.type)) {
        ctx.add(`${label}.type`, `${JSON.stringify(payload.type)} alert channels are not a kind Picket has (it has ${VENDOR_CHANNEL_TYPES.join(', ')})`)
      }
      return { payload }
    default:
      return { payload: Object.fromEntries(Object.entries(payload).filter(([k]) => !CLIENT_ONLY_FIELDS.includes(k))) }
  }
}

/** The check or group a subscription or assignment names (by checkId or groupId), which must be deployed here. */
function mergeTarget(ctx: Context, label: string, payload: Json, byKey: ReadonlyMap<string, DeployResource>): DeployResource | undefined {
  const [field, type] = payload.checkId !== undefined && payload.checkId !== null ? (['checkId', 'check'] as const) : (['groupId', 'check-group'] as const)
  const ref: unknown = payload[field]
  const target = isObject(ref) && typeof ref.ref === 'string' ? byKey.get(vendorKey(type, ref.ref)) : undefined
  if (!target) ctx.add(`${label}.${field}`, `must refer to a ${type} of this project (Picket changes no check or group the project does not deploy)`)
  return target
}

const pushTo = (payload: ResourcePayload, field: string, item: unknown): void => {
  const list: unknown = payload[field]
  payload[field] = Array.isArray(list) ? [...(list as unknown[]), item] : [item]
}

function merge(ctx: Context, i: number, r: VendorResource, byKey: ReadonlyMap<string, DeployResource>): void {
  const label = vendorLabel(i, r)
  const payload = r.payload ?? {}
  const target = mergeTarget(ctx, label, payload, byKey)
  if (r.type === 'alert-channel-subscription') {
    const alertChannelId = refField(ctx, `${label}.alertChannelId`, 'alert-channel', payload.alertChannelId)
    if (target) pushTo(target.payload, 'alertChannelSubscriptions', { alertChannelId, activated: payload.activated !== false })
    return
  }
  // Checks and groups name a private location by slugName (one deployed here) or by id (one that exists).
  const location = payload.privateLocationId
  const member = isObject(location) && typeof location.ref === 'string' ? byKey.get(vendorKey('private-location', location.ref)) : undefined
  const name = member ? member.payload.slugName : refField(ctx, `${label}.privateLocationId`, 'private-location', location)
  if (target) pushTo(target.payload, 'privateLocations', name)
}

export function translateVendorRequest(body: unknown): VendorTranslation {
  const errors: FieldErrors = {}
  const add = (path: string, why: string): void => {
    if (!(path in errors)) errors[path] = why
  }
  const raw = isObject(body) ? body : {}
  const project = isObject(raw.project) ? raw.project : {}
  if (typeof project.logicalId !== 'string' || project.logicalId === '') add('project.logicalId', 'is required: a non-empty string')
  const list: unknown[] = Array.isArray(raw.resources) ? raw.resources : []
  if (!Array.isArray(raw.resources)) add('resources', 'must be an array')

  const members = new Set<string>()
  const external = new Map<string, string | number>()
  const valid: Array<[number, VendorResource]> = []
  list.forEach((r, i) => {
    if (!isObject(r) || typeof r.type !== 'string' || typeof r.logicalId !== 'string' || r.logicalId === '') {
      add(`resources[${i}]`, 'must be an object with a string type and a non-empty string logicalId')
      return
    }
    const label = vendorLabel(i, r)
    if (r.member === false) {
      if (typeof r.physicalId === 'string' || typeof r.physicalId === 'number') external.set(vendorKey(r.type, r.logicalId), r.physicalId)
      else add(`${label}.physicalId`, 'is required for a resource that is not a member of the project (an existing one it refers to)')
      return
    }
    if (!isKindType(r.type) && !isMergedType(r.type)) {
      add(`${label}.type`, `"${r.type}" is not a kind of resource Picket has (it deploys ${Object.keys(VENDOR_KIND_OF_TYPE).join(', ')})`)
      return
    }
    if (!isObject(r.payload)) {
      add(`${label}.payload`, 'must be an object')
      return
    }
    if (isKindType(r.type)) members.add(vendorKey(r.type, r.logicalId))
    valid.push([i, r as unknown as VendorResource])
  })

  const ctx: Context = { index: { members, external }, add }
  const resources: DeployResource[] = []
  const sourceIndex: number[] = []
  const byKey = new Map<string, DeployResource>()
  for (const [i, r] of valid) {
    if (!isKindType(r.type)) continue
    const built = memberPayload(ctx, r.type, vendorLabel(i, r), r.payload ?? {})
    const resource: DeployResource = {
      kind: VENDOR_KIND_OF_TYPE[r.type],
      logicalId: r.logicalId,
      payload: built.payload,
      ...(built.checkType ? { checkType: built.checkType as DeployResource['checkType'] } : {}),
    }
    resources.push(resource)
    sourceIndex.push(i)
    byKey.set(vendorKey(r.type, r.logicalId), resource)
  }
  for (const [i, r] of valid) if (isMergedType(r.type)) merge(ctx, i, r, byKey)

  if (Object.keys(errors).length > 0) throw new ValidationError(errors, `Invalid deploy request: ${describeFields(errors)}`)
  const name = typeof project.name === 'string' && project.name !== '' ? project.name.slice(0, 255) : undefined
  return { request: { project: { logicalId: String(project.logicalId), ...(name ? { name } : {}) }, resources }, sourceIndex }
}
