/**
 * One check type's row of the contract table, and how the suite reads the expectations of a row: every type answers
 * the same API (create, read, list, update, delete), so what differs between types is data, not tests.
 */
import { expect } from 'vitest'
import type { Json } from '../../helpers/check-contract.js'

/**
 * What a returned document must show. Each kind is checked as written: `matches` with toMatchObject on the document,
 * `equals` with toEqual on the value at a dotted path (array indexes and `.length` included), `matchesAt` with
 * toMatchObject at a path, `within` as an integer in [min, max], `absent` as properties the document must not have.
 */
export interface Returns {
  matches?: Json
  equals?: Record<string, unknown>
  matchesAt?: Record<string, Json>
  within?: Record<string, [min: number, max: number]>
  absent?: string[]
}

/** A body that creation accepts, and what the answer (and the GET of it) must show. */
export type Accept = [title: string, body: Json, returns: Returns]

/** A body that is refused with 400, the field (or every field) the error names and, when given, what that field's error says. */
export type Reject = [label: string, body: unknown, field: string | string[], why?: string]

/** One PUT of an update scenario: accepted (200, with what it must show) or refused naming `rejects`. */
export interface UpdateStep extends Returns {
  put: Json
  /** The answer equals the document before this PUT with these changes and a new updated_at. */
  changes?: Json
  /** Paths whose values stay those of the created document. */
  keeps?: string[]
}
export interface RejectedStep {
  put: Json
  rejects: string
}

/** An update scenario: a check created from `create`, then PUTs in order, each read back after it. */
export type Update = [title: string, create: Json, steps: (UpdateStep | RejectedStep)[]]

/** The frequency rules of a type: offsets it takes, offsets it spreads by itself, and what it refuses. */
export interface FrequencyRules {
  /** [frequency, frequencyOffset] pairs that are stored as given. */
  accepts: [frequency: number, offset: number][]
  /** [frequency, max]: without an offset, the check gets an integer offset in 1..max. */
  spreads: [frequency: number, max: number][]
  /** Bodies (merged into the minimal one) refused naming frequencyOffset. */
  rejectsOffset: [label: string, extra: Json][]
  /** Frequencies refused naming frequency. */
  rejectsFrequency: unknown[]
}

export interface CheckTypeCase {
  /** How test names call the type. */
  label: string
  /** The path segment: POST /v1/checks/<segment>, PUT /v1/checks/<segment>/{id}. */
  segment: string
  checkType: string
  /** The smallest body creation accepts. */
  minimal: Json
  /** What the answer to the minimal body shows besides the defaults every type has. */
  defaults: Returns
  frequencies: FrequencyRules
  accepts: Accept[]
  rejects: Reject[]
  updates: Update[]
  /** Updates refused on a check created from the minimal body with a description; the stored check must not change. */
  updateRejects: Reject[]
  /** A body whose GET document, sent back as a PUT, changes nothing but updated_at. */
  roundTrip: Json
  /** A body that is created and read back as is. */
  read: Json
  /** Segments of other types: a check of this type is not found through them, nor one of theirs through this one. */
  otherSegments: string[]
  /** A body for the PUT to an unknown id besides a name alone and the minimal body (e.g. one with a fresh token). */
  ghostBody?: () => Json
}

export function valueAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key]), doc)
}

export function expectReturns(doc: Json, returns: Returns): void {
  if (returns.matches) expect(doc).toMatchObject(returns.matches)
  for (const [path, value] of Object.entries(returns.equals ?? {})) expect(valueAt(doc, path), path).toEqual(value)
  for (const [path, value] of Object.entries(returns.matchesAt ?? {})) expect(valueAt(doc, path), path).toMatchObject(value)
  for (const [path, [min, max]] of Object.entries(returns.within ?? {})) {
    const value = valueAt(doc, path)
    expect(Number.isInteger(value), path).toBe(true)
    expect(value as number, path).toBeGreaterThanOrEqual(min)
    expect(value as number, path).toBeLessThanOrEqual(max)
  }
  for (const path of returns.absent ?? []) expect(doc).not.toHaveProperty(path)
}
