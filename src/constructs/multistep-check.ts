/** A multi-step check (POST /v1/checks/multistep): a Playwright Test script making API requests, inline or from a file (`code`). */
import { multiStepCheck } from '../domain/checks/multistep.js'
import type { CheckPayload } from './check.js'
import { ScriptCheck, type ScriptCheckProps } from './script-check.js'

export type MultiStepCheckProps = ScriptCheckProps<typeof multiStepCheck>
export type MultiStepCheckPayload = CheckPayload<typeof multiStepCheck>

export class MultiStepCheck extends ScriptCheck {
  readonly props: MultiStepCheckProps

  constructor(logicalId: string, props: MultiStepCheckProps) {
    super(logicalId, { checkType: 'multistep', frequencies: multiStepCheck.frequencies }, props)
    this.props = props
  }
}
