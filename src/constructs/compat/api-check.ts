/**
 * `ApiCheck` of the hosted service's constructs: Picket's ApiCheck from the vendor's props (check-fields.ts), with
 * `setupScript` / `tearDownScript` (`{ content }` or `{ entrypoint }` relative to the declaring file) read into
 * localSetupScript / localTearDownScript when the check is serialised.
 */
import { ApiCheck as PicketApiCheck, type ApiCheckProps as PicketApiCheckProps } from '../api-check.js'
import type { Simplify } from '../schema-types.js'
import { asProps, checkFields, markTestOnly, readScriptSource, type ScriptSource, type VendorProps } from './check-fields.js'
import type { Assertion } from './assertions.js'

/** A request whose assertions come from the builders. */
export type VendorRequest<R> = Simplify<Omit<R, 'assertions'> & { assertions?: Assertion[] }>
export type WithVendorRequest<P extends { request: unknown }> = Simplify<Omit<P, 'request'> & { request: VendorRequest<P['request']> }>

export type ApiCheckProps = Simplify<
  WithVendorRequest<VendorProps<PicketApiCheckProps>> & {
    setupScript?: ScriptSource
    tearDownScript?: ScriptSource
  }
>

export class ApiCheck extends PicketApiCheck {
  private readonly scripts: { setup?: ScriptSource | undefined; tearDown?: ScriptSource | undefined }

  constructor(logicalId: string, props: ApiCheckProps) {
    const { setupScript, tearDownScript, ...rest } = props
    super(logicalId, asProps<PicketApiCheckProps>(checkFields(rest)))
    markTestOnly(this, props.testOnly)
    this.scripts = { setup: setupScript, tearDown: tearDownScript }
  }

  protected override computedFields(): Record<string, unknown> {
    const who = String(this)
    const setup = readScriptSource(this.scripts.setup, this.declaredIn, who)
    const tearDown = readScriptSource(this.scripts.tearDown, this.declaredIn, who)
    return { ...(setup === undefined ? {} : { localSetupScript: setup }), ...(tearDown === undefined ? {} : { localTearDownScript: tearDown }) }
  }
}
