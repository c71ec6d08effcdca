/**
 * References between the resources of one deploy request (pure): `{ "$ref": "<kind>:<logicalId>" }` anywhere in a
 * payload stands for the id of that resource of the request. Finding them, checking them, and replacing them.
 */
import { ValidationError } from '../errors.js'
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../lib/json-walk.js'
import { RESOURCE_KINDS, REF_KEY, type DeployResource, type ResourceKind } from './deploy-request.js'

type Json = Record<string, unknown>

/** One reference in a payload: where it is (`triggerIncident.serviceId`, `cards[0].services[1]`) and what it names. */
export interface RefUse {
  /** The path of the reference in the payload, as validation errors name fields. */
  path: string
  /** The top-level payload field that holds it. */
  field: string
  /** Set when the reference is well formed. */
  target?: { kind: ResourceKind; logicalId: string }
  /** Why the reference is malformed, when it is. */
  problem?: string
}

export const resourceKey = (kind: string, logicalId: string): string => `${kind}:${logicalId}`

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** True for an object that is a reference (it has a `$ref` key). */
export const isRef = (v: unknown): v is Json => isObject(v) && Object.prototype.hasOwnProperty.call(v, REF_KEY)

const isKind = (s: string): s is ResourceKind => (RESOURCE_KINDS as readonly string[]).includes(s)

function parseRef(ref: Json): Pick<RefUse, 'target' | 'problem'> {
  const raw = ref[REF_KEY]
  if (Object.keys(ref).length !== 1) return { problem: `a reference holds only "${REF_KEY}"` }
  const at = typeof raw === 'string' ? raw.indexOf(':') : -1
  const kind = typeof raw === 'string' ? raw.slice(0, at) : ''
  const logicalId = typeof raw === 'string' ? raw.slice(at + 1) : ''
  if (at < 0 || !isKind(kind) || logicalId === '') {
    return { problem: `must be a reference "<kind>:<logicalId>" with a kind of: ${RESOURCE_KINDS.join(', ')}` }
  }
  return { target: { kind, logicalId } }
}

const childPath = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key)

/**
 * The walks below recurse, so they refuse a payload nested deeper than a request body may be (400 naming where)
 * rather than overflow the stack; the payload itself is level 1.
 */
const guardDepth = (depth: number, path: string): void => {
  if (depth > MAX_JSON_DEPTH) throw new ValidationError({ [path]: TOO_DEEP })
}

/** Every reference in a payload, in document order. */
export function findRefs(payload: Json): RefUse[] {
  const found: RefUse[] = []
  const walk = (value: unknown, path: string, field: string, depth: number): void => {
    if (isRef(value)) {
      found.push({ path, field, ...parseRef(value) })
      return
    }
    if (Array.isArray(value) || isObject(value)) guardDepth(depth, path)
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, childPath(path, i), field, depth + 1))
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, childPath(path, k), field, depth + 1)
  }
  for (const [k, v] of Object.entries(payload)) walk(v, k, k, 2)
  return found
}

/** A copy of the payload with every reference replaced by what `valueOf` gives for it. */
export function replaceRefs(payload: Json, valueOf: (use: RefUse) => unknown): Json {
  const walk = (value: unknown, path: string, field: string, depth: number): unknown => {
    if (isRef(value)) return valueOf({ path, field, ...parseRef(value) })
    if (Array.isArray(value) || isObject(value)) guardDepth(depth, path)
    if (Array.isArray(value)) return value.map((v, i) => walk(v, childPath(path, i), field, depth + 1))
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, childPath(path, k), field, depth + 1)]))
    return value
  }
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, walk(v, k, k, 2)]))
}

const kindOrder = (kind: string): number => (RESOURCE_KINDS as readonly string[]).indexOf(kind)

/** The fields that take the id of a resource of the project, and the kind they take (integer ids of kinds collide). */
const REF_FIELDS: ReadonlyArray<[RegExp, ResourceKind]> = [
  [/^groupId$/, 'check-group'],
  [/^alertChannelSubscriptions\[\d+\]\.alertChannelId$/, 'alert-channel'],
  [/^triggerIncident\.serviceId$/, 'status-page-service'],
  [/^cards\[\d+\]\.services\[\d+\](\.id)?$/, 'status-page-service'],
]

/** The kind a reference at this path must name, or undefined when the path is not one of the id fields. */
export const expectedKind = (path: string): ResourceKind | undefined => REF_FIELDS.find(([pattern]) => pattern.test(path))?.[1]

/**
 * What is wrong with the references of one resource, by path: malformed ones, ones in an id field that name another
 * kind, ones that name no resource of the request, and ones that name a kind deployed at or after the resource's own
 * (its id would not exist yet).
 */
export function refProblems(resource: DeployResource, keys: ReadonlySet<string>): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const use of findRefs(resource.payload)) {
    if (use.problem || !use.target) {
      problems[use.path] = use.problem ?? 'is not a reference'
      continue
    }
    const { kind, logicalId } = use.target
    const expected = expectedKind(use.path)
    if (expected !== undefined && expected !== kind) {
      problems[use.path] = `must refer to a resource of kind ${expected}, not ${kind}`
    } else if (!keys.has(resourceKey(kind, logicalId))) {
      problems[use.path] = `refers to ${resourceKey(kind, logicalId)}, which is not a resource of this request`
    } else if (kindOrder(kind) >= kindOrder(resource.kind)) {
      problems[use.path] = `may not refer to a ${kind}: a ${resource.kind} refers only to kinds deployed before it`
    }
  }
  return problems
}
