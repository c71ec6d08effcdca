/** A TCP monitor (POST /v1/checks/tcp): props are its create body, with references for the id fields (check.ts). */
import { tcpCheck } from '../domain/checks/tcp.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type TcpMonitorProps = CheckProps<typeof tcpCheck>
export type TcpMonitorPayload = CheckPayload<typeof tcpCheck>

export class TcpMonitor extends Check {
  readonly props: TcpMonitorProps

  constructor(logicalId: string, props: TcpMonitorProps) {
    super(logicalId, { checkType: 'tcp', frequencies: tcpCheck.frequencies }, props)
    this.props = props
  }
}
