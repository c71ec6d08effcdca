/**
 * What the monitor types' rows have in common: bodies built around a type's smallest request, the defaults every
 * monitor answers with, the frequency rules they all follow and the refusals and update every one of them makes.
 * A type's file keeps only what is its own, so a rule that changes for every monitor changes here once.
 */
import type { Json } from '../../../helpers/check-contract.js'
import type { FrequencyRules, Reject, Returns, Update } from '../check-type-case.js'

export interface MonitorBodies {
  /** The smallest body creation accepts, with `extra` fields over it. */
  minimal: (extra?: Json) => Json
  /** The smallest body with `request` fields merged into its request, and `extra` fields over the body. */
  withRequest: (request: Json, extra?: Json) => Json
  /** The smallest body with one assertion in its request. */
  withAssertion: (assertion: Json) => Json
}

/** Bodies of a monitor named `name` whose smallest request is `request`; every call builds a fresh copy. */
export function monitorBodies(name: string, request: Json): MonitorBodies {
  const minimal = (extra: Json = {}): Json => ({ name, request: structuredClone(request), ...extra })
  const withRequest = (more: Json, extra: Json = {}): Json => minimal({ request: { ...structuredClone(request), ...more }, ...extra })
  return { minimal, withRequest, withAssertion: (assertion) => withRequest({ assertions: [assertion] }) }
}

/** An update body that renames the check, over `body`. */
export const changed = (body: Json): Json => ({ name: 'Changed', ...body })

/** What the smallest body of a monitor answers with: its name, no retries, its response-time limits and full request. */
export const monitorDefaults = (name: string, responseTimes: { degraded: number; max: number }, request: Json): Returns => ({
  matches: { name, retryStrategy: null, degradedResponseTime: responseTimes.degraded, maxResponseTime: responseTimes.max },
  equals: { request },
})

const FREQUENCIES: FrequencyRules = {
  accepts: [
    [0, 10],
    [5, 50],
    [120, 2],
  ],
  spreads: [
    [2, 20],
    [720, 12],
  ],
  rejectsOffset: [
    ['frequency 0 without an offset', { frequency: 0 }],
    ['offset 0', { frequencyOffset: 0 }],
  ],
  rejectsFrequency: [7, -1],
}

/** The frequency rules every monitor follows (frequency 0 runs every 10 s and needs an offset), and a type's own rows after them. */
export const monitorFrequencies = (more: Partial<FrequencyRules> = {}): FrequencyRules => ({
  accepts: [...FREQUENCIES.accepts, ...(more.accepts ?? [])],
  spreads: [...FREQUENCIES.spreads, ...(more.spreads ?? [])],
  rejectsOffset: [...FREQUENCIES.rejectsOffset, ...(more.rejectsOffset ?? [])],
  rejectsFrequency: [...FREQUENCIES.rejectsFrequency, ...(more.rejectsFrequency ?? [])],
})

/** A body without a request: every monitor needs one. */
export const missingRequest: Reject = ['a missing request', { name: 'x' }, 'request', 'is required']

/** A name that is not text, on the type's smallest body. */
export const nameNotText = (bodies: MonitorBodies): Reject => ['a name of 5', bodies.minimal({ name: 5 }), 'name', 'must be text']

/** A PUT of a new name and request to a check with a description and tags: the request is replaced, the rest kept. */
export const keepsAbsentFields = (bodies: MonitorBodies, request: Json, storedRequest: Json): Update => [
  'changes the given fields and keeps the absent ones',
  bodies.minimal({ description: 'keep me', tags: ['a'] }),
  [{ put: { name: 'Renamed', request }, matches: { name: 'Renamed', description: 'keep me', tags: ['a'] }, equals: { request: storedRequest } }],
]
