/** An SSL certificate monitor (POST /v1/checks/ssl): props are its create body, with references for the id fields (check.ts). */
import { sslCheck } from '../domain/checks/ssl.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type SslMonitorProps = CheckProps<typeof sslCheck>
export type SslMonitorPayload = CheckPayload<typeof sslCheck>

export class SslMonitor extends Check {
  readonly props: SslMonitorProps

  constructor(logicalId: string, props: SslMonitorProps) {
    super(logicalId, { checkType: 'ssl', frequencies: sslCheck.frequencies }, props)
    this.props = props
  }
}
