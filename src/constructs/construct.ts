/**
 * The base of every deployable construct: a resource kind and a logical id (unique per kind in a project), the file
 * that declared it, and its serialisation into a resource of the deploy request. Creating one while a session is open
 * registers it there (session.ts); with no session it is just an object.
 */
import { LOGICAL_ID_PATTERN, refTo, type DeployResource, type ResourceKind, type ResourceRef } from '../domain/projects/deploy-request.js'
import type { CheckDefaults } from './project-config.js'
import { declaringFile } from './declaring-file.js'
import { currentSession } from './session-store.js'

/** What serialisation knows of the project: picket.config.ts `checks` (defaults for checks that leave a field out). */
export interface SerializeContext {
  defaults?: CheckDefaults | undefined
}

const LOGICAL_ID = new RegExp(LOGICAL_ID_PATTERN)

export abstract class Construct {
  readonly kind: ResourceKind
  readonly logicalId: string
  /** The absolute path of the file that created this construct, when known. */
  readonly declaredIn: string | undefined

  protected constructor(kind: ResourceKind, logicalId: string) {
    if (typeof logicalId !== 'string' || logicalId.length > 255 || !LOGICAL_ID.test(logicalId)) {
      throw new Error(`${new.target.name}: logical id ${JSON.stringify(logicalId)} is not valid: 1 to 255 characters of A-Z a-z 0-9 _ . : @ / -, starting with a letter or digit`)
    }
    this.kind = kind
    this.logicalId = logicalId
    const session = currentSession()
    this.declaredIn = session?.declaringFileOverride ?? declaringFile() ?? session?.loadingFile
    session?.register(this)
  }

  /** The reference another resource's payload holds to this one: `{ $ref: '<kind>:<logicalId>' }`. */
  ref(): ResourceRef {
    return refTo(this.kind, this.logicalId)
  }

  /** The constructs this one refers to; a deploy includes them even when they were created outside the session. */
  references(): Construct[] {
    return []
  }

  /** Absolute paths of the files this construct runs as its code (browser and multi-step entry points). */
  entrypoints(): string[] {
    return []
  }

  /** The resource of the deploy request; files the construct reads (entry points) are read now. */
  abstract toResource(context?: SerializeContext): DeployResource

  toString(): string {
    return `${this.constructor.name} "${this.logicalId}"`
  }
}

/** A copy without `undefined` (in objects, at any depth): what JSON would send, so payloads compare as sent. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withoutUndefined(v)) as T
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefined(v)
  return out as T
}
