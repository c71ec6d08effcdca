/**
 * The base of browser and multi-step checks: their props are the type's create body with `code` (script-code.ts)
 * instead of `script`. A `scriptPath` or `dependencies` given in the props wins over what the entry point gives.
 * The config's `checks.playwrightConfig` applies to those that set no playwrightConfig of their own (a spec file
 * found by testMatch can set nothing itself, and its `page.goto('/')` needs a baseURL from somewhere).
 */
import { Check, type CheckProps, type CheckTypeInfo } from './check.js'
import type { SerializeContext } from './construct.js'
import type { CheckDefShape, Simplify } from './schema-types.js'
import { readScript, resolveCode, type ResolvedCode, type ScriptCode } from './script-code.js'
import { currentSession } from './session-store.js'

export type ScriptCheckProps<D extends CheckDefShape> = Simplify<Omit<CheckProps<D>, 'script'> & { code: ScriptCode }>

export abstract class ScriptCheck extends Check {
  private readonly code: ResolvedCode
  private readonly given: { scriptPath?: unknown; dependencies?: unknown }
  /** The project root of the session it was declared in: where the search for its package's npm files stops. */
  private readonly projectRoot: string | undefined

  protected constructor(logicalId: string, info: CheckTypeInfo, props: { code: ScriptCode } & Record<string, unknown>) {
    const { code, ...body } = props
    super(logicalId, info, body)
    this.given = body
    this.code = resolveCode(code, this.declaredIn, String(this))
    this.projectRoot = currentSession()?.baseDir
  }

  override entrypoints(): string[] {
    return 'file' in this.code ? [this.code.file] : []
  }

  override payload(context: SerializeContext = {}): Record<string, unknown> {
    const payload = super.payload(context)
    const config = context.defaults?.playwrightConfig
    return payload.playwrightConfig === undefined && config !== undefined ? { ...payload, playwrightConfig: structuredClone(config) } : payload
  }

  protected override computedFields(): Record<string, unknown> {
    const { script, scriptPath, dependencies } = readScript(this.code, String(this), this.projectRoot)
    return {
      script,
      ...(this.given.scriptPath === undefined && scriptPath !== undefined ? { scriptPath } : {}),
      ...(this.given.dependencies === undefined && dependencies !== undefined ? { dependencies } : {}),
    }
  }
}
