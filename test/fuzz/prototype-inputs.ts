/**
 * Requests that put the names of Object.prototype's members where a route may look something up by a key it was
 * given (pure, exhaustive rather than random): every path segment, every query value and query name, the account
 * header, and JSON body keys at the top level and inside every field. A lookup on a plain object answers these
 * names with inherited members (functions, the prototype itself) instead of "unknown", so each must still be
 * answered as an unknown or invalid value, never with a 5xx. Query values and body keys are sent with the path's
 * ids filled with `pathId` (the id of a stored check, say), so that they reach the handler rather than a 404.
 */
import { propertiesOf, type FuzzOperation, type FuzzRequest } from './fuzz-inputs.js'

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'] as const

const JSON_TYPE = { 'content-type': 'application/json' }
const fill = (path: string, value: string): string => path.replace(/\{[^}]+\}/g, encodeURIComponent(value))

/** A JSON text with `key` as an own property holding `value` (JSON.stringify leaves out a __proto__ key). */
const withKey = (key: string, value: string): string => `{${JSON.stringify(key)}:${value}}`

function bodyRequests(op: FuzzOperation, key: string): Array<Pick<FuzzRequest, 'what' | 'payload'>> {
  const fields = propertiesOf(op.bodySchema)
  const inner = withKey(key, '{"polluted":true}')
  return [
    { what: `body key ${key}`, payload: withKey(key, '{"polluted":true}') },
    { what: `body key ${key} beside the fields`, payload: `{${[...fields.map((f) => `${JSON.stringify(f)}:${inner}`), `${JSON.stringify(key)}:"x"`].join(',')}}` },
    { what: `every field the text ${key}`, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, key]))) },
    { what: `every field a list holding ${key}`, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, [key, { [key]: key }]]))) },
  ]
}

/** Every prototype key in every place of one operation. */
export function prototypeRequestsFor(op: FuzzOperation, pathId: string): FuzzRequest[] {
  const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH'
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name)
  const hasPathParams = /\{[^}]+\}/.test(op.path)
  const base = { method: op.method, auth: 'ok' as const, headers: {} }
  const out: FuzzRequest[] = []
  for (const key of PROTOTYPE_KEYS) {
    const plain = fill(op.path, pathId)
    if (hasPathParams) out.push({ ...base, what: `path segments ${key}`, url: fill(op.path, key) })
    for (const name of queryNames) out.push({ ...base, what: `query ${name}=${key}`, url: `${plain}?${encodeURIComponent(name)}=${encodeURIComponent(key)}` })
    out.push({ ...base, what: `query name ${key}`, url: `${plain}?${encodeURIComponent(key)}=1&${encodeURIComponent(key)}[polluted]=1` })
    out.push({ ...base, what: `account header ${key}`, url: plain, headers: { 'x-service-account': key } })
    if (takesBody) for (const b of bodyRequests(op, key)) out.push({ ...base, url: plain, headers: JSON_TYPE, ...b })
  }
  return out
}
