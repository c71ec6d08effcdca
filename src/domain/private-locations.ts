/**
 * Private locations: request schemas and the pure rules (slug names, proxy URLs, key masking). A location is
 * named in checks and groups by its slugName (or its id); its agents authenticate with `pl_` keys, at most two
 * per location so that one can be rotated while the other is still in use.
 */
import { Type, type Static } from 'typebox'
import { LOCATIONS } from './checks/enums.js'
import { Nullable } from './checks/shared-schemas.js'
import { FieldErrorCollector } from './errors.js'

export const MAX_KEYS_PER_LOCATION = 2
export const DEFAULT_ICON = 'location'

const name = Type.String({ minLength: 1, maxLength: 255, description: 'The name of the private location.' })
const icon = Type.String({ minLength: 1, maxLength: 255, default: DEFAULT_ICON, description: 'The icon shown for the location.' })
const proxyUrl = Nullable(Type.String({ maxLength: 2048, description: 'http(s) proxy for the HTTP requests of checks run in this location.' }))

export const PrivateLocationCreateBody = Type.Object({
  name,
  slugName: Type.String({
    minLength: 1,
    maxLength: 30,
    pattern: '^[a-zA-Z0-9-]+$',
    description: 'The name checks use for the location: letters, digits and dashes; it must not look like a data-center region.',
  }),
  icon: Type.Optional(icon),
  proxyUrl: Type.Optional(proxyUrl),
})
export type PrivateLocationCreate = Static<typeof PrivateLocationCreateBody>

/** slugName cannot change (checks name the location by it); sent back, it is ignored. */
export const PrivateLocationUpdateBody = Type.Object({
  name,
  icon: Type.Optional(icon),
  proxyUrl: Type.Optional(proxyUrl),
})
export type PrivateLocationUpdate = Static<typeof PrivateLocationUpdateBody>

export interface PrivateLocationDoc {
  name: string
  slugName: string
  icon: string
  proxyUrl: string | null
  [key: string]: unknown
}

/** A data-center region id, or anything shaped like one (e.g. us-gov-west-1, xx-foo-3). */
const REGION_SHAPES = [/^[a-z]{2}-[a-z]+-\d+$/i, /^(us(-gov)?|ap|ca|cn|eu|sa|af|me)-(central|(north|south)?(east|west)?)-\d+/i]

export const looksLikeRegion = (slug: string): boolean => (LOCATIONS as readonly string[]).includes(slug.toLowerCase()) || REGION_SHAPES.some((re) => re.test(slug))

function proxyUrlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be a valid http(s) URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://'
  if (!url.hostname) return 'must name a host'
  return null
}

/** An empty proxyUrl means none. */
const normalizeProxyUrl = (value: unknown): unknown => (value === '' ? null : value)

type Body = Record<string, unknown>

/** The proxyUrl rule; a value of another type is the schema's to report. */
function checkProxyUrl(proxy: unknown, errors: FieldErrorCollector): void {
  const problem = typeof proxy === 'string' ? proxyUrlProblem(proxy) : null
  if (problem) errors.add('proxyUrl', problem)
}

/**
 * The document of a new location. The rules look only at values of the right type, so they also run on a body
 * that failed its schema (which then reports the rest).
 */
export function buildPrivateLocationDoc(body: Body): PrivateLocationDoc {
  const errors = new FieldErrorCollector()
  if (typeof body.slugName === 'string' && looksLikeRegion(body.slugName)) errors.add('slugName', 'must not look like a data-center region (such as us-east-1)')
  const proxy = normalizeProxyUrl(body.proxyUrl) ?? null
  checkProxyUrl(proxy, errors)
  errors.throwIfAny()
  const { name, slugName, icon } = body as PrivateLocationCreate
  return { name, slugName, icon: icon ?? DEFAULT_ICON, proxyUrl: proxy as string | null }
}

/** Fields left out keep their value; slugName never changes. */
export function updatePrivateLocationDoc(existing: PrivateLocationDoc, body: Body): PrivateLocationDoc {
  const errors = new FieldErrorCollector()
  const proxy = normalizeProxyUrl(body.proxyUrl)
  checkProxyUrl(proxy, errors)
  errors.throwIfAny()
  const { name, icon } = body as PrivateLocationUpdate
  return {
    ...existing,
    name,
    icon: icon ?? existing.icon,
    proxyUrl: proxy === undefined ? existing.proxyUrl : (proxy as string | null),
  }
}

/** Enough to tell keys apart, never enough to use one: `pl_abc…wxyz`. */
export const maskKey = (raw: string): string => `${raw.slice(0, 6)}…${raw.slice(-4)}`

/** True when a check's or group's privateLocations names this location (by slugName or id). */
export const namesLocation = (privateLocations: unknown, location: { id: string; slugName: string }): boolean =>
  Array.isArray(privateLocations) && privateLocations.some((n) => n === location.slugName || n === location.id)
