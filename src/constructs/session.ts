/**
 * The collector the CLI opens while it loads a project's files: every construct created meanwhile registers here,
 * and `resources()` turns them into the deploy request's resources, with the config's defaults applied.
 *
 *   const session = openSession({ config, baseDir })
 *   for (const file of checkFiles) { session.loadingFile = file; await import(pathToFileURL(file).href) }
 *   for (const spec of specFiles) browserCheckFromSpec(session, spec)
 *   const resources = session.resources()   // or session.deployRequest()
 *   closeSession(session)
 */
import path from 'node:path'
import { RESOURCE_KINDS, type DeployRequest, type DeployResource } from '../domain/projects/deploy-request.js'
import type { Construct } from './construct.js'
import type { ProjectConfig } from './project-config.js'
import { currentSession, setCurrentSession } from './session-store.js'

export interface SessionOptions {
  config: ProjectConfig
  /** The project root (the folder of picket.config.ts): spec files' logical ids are relative to it. */
  baseDir: string
}

/** A resource with the construct it came from (its `declaredIn` file, for messages and filters). */
export interface SessionEntry {
  construct: Construct
  resource: DeployResource
}

const keyOf = (c: Construct) => `${c.kind}:${c.logicalId}`

export class Session {
  readonly config: ProjectConfig
  readonly baseDir: string
  /** The file the CLI is importing; the declaring file of a construct when its call stack does not say. */
  loadingFile: string | undefined
  private override: string | undefined
  private readonly registered = new Map<string, Construct>()

  constructor(options: SessionOptions) {
    this.config = options.config
    this.baseDir = path.resolve(options.baseDir)
  }

  /** Set while declareFrom runs (browserCheckFromSpec: the spec file declares its check). */
  get declaringFileOverride(): string | undefined {
    return this.override
  }

  /** Adds a construct; a second construct of the same kind and logical id is an error naming both files. */
  register(construct: Construct): void {
    const key = keyOf(construct)
    const existing = this.registered.get(key)
    if (existing === construct) return
    if (existing) {
      throw new Error(
        `Duplicate ${construct.kind} logical id "${construct.logicalId}": ${existing} in ${this.describe(existing.declaredIn)} ` +
          `and ${construct} in ${this.describe(construct.declaredIn)}`,
      )
    }
    this.registered.set(key, construct)
  }

  /** The registered constructs, then those they (or the config's defaults) refer to that were created outside the session. */
  constructs(): Construct[] {
    const pending: Construct[] = [...this.registered.values(), ...(this.config.checks?.alertChannels ?? [])]
    const seen = new Set<Construct>()
    while (pending.length > 0) {
      const construct = pending.shift() as Construct
      if (seen.has(construct)) continue
      seen.add(construct)
      this.register(construct)
      pending.push(...construct.references())
    }
    return [...this.registered.values()]
  }

  /** Every construct serialised, in RESOURCE_KINDS order (declaration order within a kind). Reads entry-point files. */
  entries(): SessionEntry[] {
    const order = (c: Construct) => RESOURCE_KINDS.indexOf(c.kind)
    const constructs = this.constructs().sort((a, b) => order(a) - order(b))
    const context = { defaults: this.config.checks }
    return constructs.map((construct) => ({ construct, resource: construct.toResource(context) }))
  }

  resources(): DeployResource[] {
    return this.entries().map((e) => e.resource)
  }

  deployRequest(): DeployRequest {
    const { logicalId, name } = this.config
    return { project: name === undefined ? { logicalId } : { logicalId, name }, resources: this.resources() }
  }

  /** True when a construct of the session runs this file as its code (then the spec file needs no check of its own). */
  usesEntrypoint(file: string): boolean {
    const wanted = path.resolve(file)
    return [...this.registered.values()].some((c) => c.entrypoints().includes(wanted))
  }

  /** Runs `create` with this session open and `file` as the declaring file of what it creates. */
  declareFrom<T>(file: string, create: () => T): T {
    const previous = setCurrentSession(this)
    const previousOverride = this.override
    this.override = file
    try {
      return create()
    } finally {
      this.override = previousOverride
      setCurrentSession(previous)
    }
  }

  /** A file relative to the project root when it is inside it. */
  describe(file: string | undefined): string {
    if (file === undefined) return '(unknown file)'
    const relative = path.relative(this.baseDir, file)
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
  }
}

/** Opens a session (closing the one open, if any): constructs created from now on register in it. */
export function openSession(options: SessionOptions): Session {
  const session = new Session(options)
  setCurrentSession(session)
  return session
}

/** Closes the given session (or the open one): constructs created afterwards are not collected. */
export function closeSession(session?: Session): void {
  if (session === undefined || currentSession() === session) setCurrentSession(undefined)
}

export { currentSession }
