/**
 * An ICMP monitor (POST /v1/checks/icmp): props are its create body, with references for the id fields (check.ts).
 * The API requires `heartbeat` ({}) and `script` (''), which mean nothing for a ping: here they are optional and
 * sent with those values when left out.
 */
import { icmpCheck } from '../domain/checks/icmp.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'
import type { Simplify } from './schema-types.js'

type Body = CheckProps<typeof icmpCheck>
export type IcmpMonitorProps = Simplify<Omit<Body, 'script' | 'heartbeat'> & Partial<Pick<Body, 'script' | 'heartbeat'>>>
export type IcmpMonitorPayload = CheckPayload<typeof icmpCheck>

export class IcmpMonitor extends Check {
  readonly props: IcmpMonitorProps

  constructor(logicalId: string, props: IcmpMonitorProps) {
    super(logicalId, { checkType: 'icmp', frequencies: icmpCheck.frequencies }, { heartbeat: {}, script: '', ...props })
    this.props = props
  }
}
