/** A URL monitor (POST /v1/checks/url): props are its create body, with references for the id fields (check.ts). */
import { urlCheck } from '../domain/checks/url.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type UrlMonitorProps = CheckProps<typeof urlCheck>
export type UrlMonitorPayload = CheckPayload<typeof urlCheck>

export class UrlMonitor extends Check {
  readonly props: UrlMonitorProps

  constructor(logicalId: string, props: UrlMonitorProps) {
    super(logicalId, { checkType: 'url', frequencies: urlCheck.frequencies }, props)
    this.props = props
  }
}
