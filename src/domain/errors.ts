/** Errors the core raises; the API turns each into its error body ({ statusCode, error, message, attributes }). */
import { setOwn } from '../lib/own-keys.js'

export type FieldErrors = Record<string, string>

export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly attributes: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class ValidationError extends DomainError {
  constructor(
    readonly fields: FieldErrors,
    message?: string,
  ) {
    super(400, message ?? describeFields(fields), fields)
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id: string | number) {
    // An id comes from the request: a long one is cut rather than echoed back whole.
    const shown = String(id).length > 100 ? `${String(id).slice(0, 100)}…` : String(id)
    super(404, `${what} ${shown} not found`, {})
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, attributes: Record<string, unknown> = {}) {
    super(409, message, attributes)
  }
}

export const describeFields = (fields: FieldErrors): string =>
  Object.entries(fields)
    .map(([field, why]) => `"${field}" ${why}`)
    .join('; ')

/** Collects field errors while validating; throws them all at once. */
export class FieldErrorCollector {
  readonly fields: FieldErrors = {}
  add(field: string, why: string): void {
    // Field names may be the user's keys: only an own one is taken, and `__proto__` is stored like any other.
    if (!Object.hasOwn(this.fields, field)) setOwn(this.fields, field, why)
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0
  }
  throwIfAny(): void {
    if (!this.empty) throw new ValidationError(this.fields)
  }
}
