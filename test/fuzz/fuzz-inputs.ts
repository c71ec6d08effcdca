/**
 * Malformed and random requests for one OpenAPI operation (pure, seeded): each request names what it tries
 * (`what`), so a failure can be read without replaying it.
 */
type Json = Record<string, unknown>

export interface FuzzOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** OpenAPI path with {placeholders}. */
  path: string
  params: Array<{ name: string; in: string; schema?: Json }>
  bodySchema: Json | null
}

export interface FuzzRequest {
  method: FuzzOperation['method']
  url: string
  what: string
  headers: Record<string, string>
  payload?: string
  auth: 'ok' | 'none' | 'wrong-key' | 'other-account'
}

export type Random = () => number

/** mulberry32: a small seeded generator, enough for reproducible fuzzing. */
export function seeded(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

const PLAIN_IDS = ['1', '42', '999999999', 'abc', '6f1d2c3b-1111-4222-8333-444455556666', 'me'] as const
const ODD_IDS = ['..%2F..%2Fetc%2Fpasswd', '%00', '-1', '1.5', '1e309', '9'.repeat(40), 'x'.repeat(2000), '%F0%9F%92%A5', '%27%3B--', 'null', 'true', '%20'] as const
const ODD_QUERY = ['-1', '0', 'abc', '', '1e309', '9'.repeat(30), '2026-13-45T99:99:99Z', 'true', '%00', '[]', '{"a":1}', 'x'.repeat(3000)] as const
const WRONG_VALUES: readonly unknown[] = [null, 0, -1, 1.5, 1e308, '', 'x'.repeat(5000), true, [], [null], {}, { $ne: 1 }, '\u0000', '🦄', [1, 'a', {}], '2026-99-99']

function randomValue(random: Random, depth = 0): unknown {
  const r = random()
  if (depth > 3 || r < 0.3) return pick(random, WRONG_VALUES)
  if (r < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1))
  if (r < 0.7) return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`k${i}`, randomValue(random, depth + 1)]))
  return Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1)
}

/** The property names a body schema knows (top level, and in anyOf/oneOf/allOf members). */
export function propertiesOf(schema: Json | null): string[] {
  if (!schema) return []
  const own = Object.keys((schema.properties ?? {}) as Json)
  const members = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => ((schema[k] ?? []) as Json[]).flatMap((m) => propertiesOf(m)))
  return [...new Set([...own, ...members])]
}

function deep(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
}

function fillPath(path: string, random: Random, odd: boolean): string {
  return path.replace(/\{[^}]+\}/g, () => (odd ? pick(random, ODD_IDS) : pick(random, PLAIN_IDS)))
}

function query(op: FuzzOperation, random: Random, odd: boolean): string {
  const names = op.params.filter((p) => p.in === 'query').map((p) => p.name)
  if (names.length === 0) return odd ? '?limit=-1&page=abc&unknown=1' : ''
  const parts = names.filter(() => random() < 0.6).map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(odd ? pick(random, ODD_QUERY) : String(Math.floor(random() * 200)))}`)
  if (odd && names[0]) parts.push(`${encodeURIComponent(names[0])}=a`, `${encodeURIComponent(names[0])}=b`)
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

const JSON_TYPE = { 'content-type': 'application/json' }

/** n requests for the operation, cycling through the kinds of wrongness. */
export function requestsFor(op: FuzzOperation, random: Random, n: number): FuzzRequest[] {
  const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH'
  const fields = propertiesOf(op.bodySchema)
  const kinds: Array<() => { what: string; headers?: Record<string, string>; payload?: string; url?: string; auth?: FuzzRequest['auth'] }> = [
    () => ({ what: 'odd path values', url: fillPath(op.path, random, true) }),
    () => ({ what: 'odd query values', url: `${fillPath(op.path, random, false)}${query(op, random, true)}` }),
    () => ({ what: 'no credentials', auth: 'none' }),
    () => ({ what: 'a wrong key', auth: 'wrong-key' }),
    () => ({ what: 'an account that is not the key’s', auth: 'other-account' }),
    () => ({ what: 'broken JSON', headers: JSON_TYPE, payload: pick(random, ['{"name": ', '{', '[1,', '"unterminated', '{"a":1}}', '\u0000', 'NaN']) }),
    () => ({ what: 'a JSON array body', headers: JSON_TYPE, payload: JSON.stringify([randomValue(random)]) }),
    () => ({ what: 'a JSON null or scalar body', headers: JSON_TYPE, payload: pick(random, ['null', '0', '"text"', 'true']) }),
    () => ({
      what: 'wrong types for every field',
      headers: JSON_TYPE,
      payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, pick(random, WRONG_VALUES)]))),
    }),
    () => ({
      what: 'random values for some fields',
      headers: JSON_TYPE,
      payload: JSON.stringify(Object.fromEntries([...fields.filter(() => random() < 0.5), 'unknownField'].map((f) => [f, randomValue(random)]))),
    }),
    () => ({ what: 'deeply nested JSON', headers: JSON_TYPE, payload: deep(400) }),
    () => ({ what: 'a body that is not JSON', headers: { 'content-type': 'text/plain' }, payload: 'name=x' }),
    () => ({ what: 'a form body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x&a[]=1' }),
    () => ({ what: 'JSON with a lying content-length header', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, payload: '{"name":"x"}' }),
  ]
  const out: FuzzRequest[] = []
  for (let i = 0; i < n; i++) {
    const made = (kinds[i % kinds.length] as (typeof kinds)[number])()
    const base = { method: op.method, url: made.url ?? fillPath(op.path, random, false), auth: made.auth ?? ('ok' as const), what: made.what, headers: made.headers ?? {} }
    out.push(takesBody && made.payload !== undefined ? { ...base, payload: made.payload } : base)
  }
  return out
}
