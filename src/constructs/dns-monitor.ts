/** A DNS monitor (POST /v1/checks/dns): props are its create body, with references for the id fields (check.ts). */
import { dnsCheck } from '../domain/checks/dns.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type DnsMonitorProps = CheckProps<typeof dnsCheck>
export type DnsMonitorPayload = CheckPayload<typeof dnsCheck>

export class DnsMonitor extends Check {
  readonly props: DnsMonitorProps

  constructor(logicalId: string, props: DnsMonitorProps) {
    super(logicalId, { checkType: 'dns', frequencies: dnsCheck.frequencies }, props)
    this.props = props
  }
}
