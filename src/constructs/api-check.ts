/** An API check (POST /v1/checks/api): props are its create body, with references for the id fields (check.ts). */
import { apiCheck } from '../domain/checks/api.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type ApiCheckProps = CheckProps<typeof apiCheck>
export type ApiCheckPayload = CheckPayload<typeof apiCheck>

export class ApiCheck extends Check {
  readonly props: ApiCheckProps

  constructor(logicalId: string, props: ApiCheckProps) {
    super(logicalId, { checkType: 'api', frequencies: apiCheck.frequencies }, props)
    this.props = props
  }
}
