/**
 * The base of browser and multi-step checks: their props are the type's create body with `code` (script-code.ts)
 * instead of `script`. A `scriptPath` or `dependencies` given in the props wins over what the entry point gives.
 */
import { Check, type CheckProps, type CheckTypeInfo } from './check.js'
import type { CheckDefShape, Simplify } from './schema-types.js'
import { readScript, resolveCode, type ResolvedCode, type ScriptCode } from './script-code.js'

export type ScriptCheckProps<D extends CheckDefShape> = Simplify<Omit<CheckProps<D>, 'script'> & { code: ScriptCode }>

export abstract class ScriptCheck extends Check {
  private readonly code: ResolvedCode
  private readonly given: { scriptPath?: unknown; dependencies?: unknown }

  protected constructor(logicalId: string, info: CheckTypeInfo, props: { code: ScriptCode } & Record<string, unknown>) {
    const { code, ...body } = props
    super(logicalId, info, body)
    this.given = body
    this.code = resolveCode(code, this.declaredIn, String(this))
  }

  override entrypoints(): string[] {
    return 'file' in this.code ? [this.code.file] : []
  }

  protected override computedFields(): Record<string, unknown> {
    const { script, scriptPath, dependencies } = readScript(this.code, String(this))
    return {
      script,
      ...(this.given.scriptPath === undefined && scriptPath !== undefined ? { scriptPath } : {}),
      ...(this.given.dependencies === undefined && dependencies !== undefined ? { dependencies } : {}),
    }
  }
}
