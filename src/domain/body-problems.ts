/**
 * Every problem of a request body in one 400, so that a client fixes a request once: the schema's (shape, types,
 * ranges), the domain rules' (defaults applied, cross-field rules) and the references' (ids that must exist).
 *
 * The rules also run on a body whose schema failed, as far as they can: a rule that cannot read a malformed shape
 * is skipped, and a rule's reason about a field the schema already rejected (or one inside it, or around it) gives
 * way to the schema's reason.
 */
import { setOwn } from '../lib/own-keys.js'
import { DomainError, FieldErrorCollector, ValidationError, describeFields, type FieldErrors } from './errors.js'

/** `request` and `request.url`, `locations` and `locations[0]`: one is the other or contains it. */
export const sameOrNested = (a: string, b: string): boolean => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`) || b.startsWith(`${a}.`) || b.startsWith(`${a}[`)

/** Schema reasons first; a rule's reason only for a field that no schema reason covers. */
export function mergeFieldErrors(schema: FieldErrors, rules: FieldErrors): FieldErrors {
  const merged: FieldErrors = { ...schema }
  const schemaFields = Object.keys(schema)
  for (const [field, why] of Object.entries(rules)) {
    if (!schemaFields.some((s) => sameOrNested(field, s)) && !Object.hasOwn(merged, field)) setOwn(merged, field, why)
  }
  return merged
}

export class BodyProblems {
  private readonly rules = new FieldErrorCollector()

  /** `schema`: the reasons schema validation gave, by field (empty when the body matched its schema). */
  constructor(private readonly schema: FieldErrors = {}) {}

  private get schemaFailed(): boolean {
    return Object.keys(this.schema).length > 0
  }

  /** Collects what a rule reports (in the collector, or as a thrown ValidationError); undefined when it gave no value. */
  check<T>(rule: (errors: FieldErrorCollector) => T): T | undefined {
    try {
      return rule(this.rules)
    } catch (err) {
      return this.absorb(err)
    }
  }

  async checkAsync<T>(rule: (errors: FieldErrorCollector) => Promise<T>): Promise<T | undefined> {
    try {
      return await rule(this.rules)
    } catch (err) {
      return this.absorb(err)
    }
  }

  private absorb(err: unknown): undefined {
    if (err instanceof ValidationError) {
      for (const [field, why] of Object.entries(err.fields)) this.rules.add(field, why)
      return undefined
    }
    // A rule that trips over a shape the schema already rejected is skipped; anything else is a real failure.
    if (this.schemaFailed && !(err instanceof DomainError)) return undefined
    throw err
  }

  fields(): FieldErrors {
    return mergeFieldErrors(this.schema, this.rules.fields)
  }

  /** The 400 that names every problem, when the body has any. */
  throwIfAny(): void {
    const fields = this.fields()
    if (Object.keys(fields).length > 0) {
      // The message keeps every field's reason: API and CLI clients often print only the message. The console
      // shows each reason under its field and reads the fields, not this message.
      throw new ValidationError(fields, this.schemaFailed ? `Invalid request body: ${describeFields(fields)}` : undefined)
    }
  }

  /** The value built from the body when it has no problem; otherwise the 400 that names every problem. */
  valid<T>(value: T | undefined): T {
    this.throwIfAny()
    if (value === undefined) throw new Error('a body without problems gave no value')
    return value
  }
}
