/**
 * The hosted service's check groups: `CheckGroupV2` (and the older `CheckGroupV1`, exported as `CheckGroup` as the
 * vendor does) are Picket's CheckGroup from the vendor's props: `alertEscalationPolicy` (or 'global') for
 * alertSettings, the builders' retry strategies, `setupScript` / `tearDownScript` like an API check's. A v1 group's
 * `frequency` was a default of its checks' in the vendor's service and is no field of a group here, so it is left
 * out; the groups' `browserChecks.testMatch` / `multiStepChecks.testMatch` (spec files the group would turn into
 * checks) are not supported and stop the load with an error naming the group.
 */
import { CheckGroup as PicketCheckGroup, type CheckGroupProps as PicketGroupProps } from '../check-group.js'
import type { Simplify } from '../schema-types.js'
import type { AlertEscalation } from './alert-escalation.js'
import { alertSettingsFields, asProps, readScriptSource, retryStrategyBody, type ScriptSource } from './check-fields.js'
import type { Frequency } from './frequency.js'
import type { RetryStrategy } from './retry-strategy.js'
import type { Assertion } from './assertions.js'

type ApiCheckDefaults = NonNullable<PicketGroupProps['apiCheckDefaults']>

export type CheckGroupV2Props = Simplify<
  Omit<PicketGroupProps, 'alertSettings' | 'useGlobalAlertSettings' | 'retryStrategy' | 'apiCheckDefaults'> & {
    alertEscalationPolicy?: AlertEscalation | 'global'
    retryStrategy?: RetryStrategy | null
    apiCheckDefaults?: Simplify<Omit<ApiCheckDefaults, 'assertions'> & { assertions?: Assertion[] }>
    setupScript?: ScriptSource
    tearDownScript?: ScriptSource
    /** Spec files the group turns into checks: not supported. */
    browserChecks?: { testMatch?: string | string[] }
    multiStepChecks?: { testMatch?: string | string[] }
  }
>

export type CheckGroupV1Props = Simplify<CheckGroupV2Props & { frequency?: number | Frequency }>

export class CheckGroupV2 extends PicketCheckGroup {
  private readonly scripts: { setup?: ScriptSource | undefined; tearDown?: ScriptSource | undefined }

  constructor(logicalId: string, props: CheckGroupV2Props) {
    const { alertEscalationPolicy, retryStrategy, setupScript, tearDownScript, browserChecks, multiStepChecks, ...rest } = props
    const unsupported = browserChecks?.testMatch !== undefined ? 'browserChecks.testMatch' : multiStepChecks?.testMatch !== undefined ? 'multiStepChecks.testMatch' : undefined
    if (unsupported !== undefined) {
      throw new Error(`${new.target.name} "${logicalId}": ${unsupported} is not supported by picket; create the checks with BrowserCheck or MultiStepCheck and group: ${logicalId}`)
    }
    const { frequency: _frequency, ...body } = rest as typeof rest & { frequency?: unknown }
    super(
      logicalId,
      asProps<PicketGroupProps>({
        ...body,
        ...alertSettingsFields(alertEscalationPolicy),
        ...(retryStrategy === undefined ? {} : { retryStrategy: retryStrategyBody(retryStrategy) }),
      }),
    )
    this.scripts = { setup: setupScript, tearDown: tearDownScript }
  }

  override payload(): ReturnType<PicketCheckGroup['payload']> {
    const who = String(this)
    const setup = readScriptSource(this.scripts.setup, this.declaredIn, who)
    const tearDown = readScriptSource(this.scripts.tearDown, this.declaredIn, who)
    return { ...super.payload(), ...(setup === undefined ? {} : { localSetupScript: setup }), ...(tearDown === undefined ? {} : { localTearDownScript: tearDown }) }
  }
}

export class CheckGroupV1 extends CheckGroupV2 {
  constructor(logicalId: string, props: CheckGroupV1Props) {
    super(logicalId, props)
  }
}

/** The hosted service's `CheckGroup` is its v1 group. */
export { CheckGroupV1 as CheckGroup }
