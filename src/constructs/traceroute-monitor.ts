/**
 * A traceroute monitor (POST /v1/checks with checkType TRACEROUTE, or /v1/checks/traceroute): props are its create
 * body, with references for the id fields (check.ts).
 */
import { tracerouteCheck } from '../domain/checks/traceroute.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'

export type TracerouteMonitorProps = CheckProps<typeof tracerouteCheck>
export type TracerouteMonitorPayload = CheckPayload<typeof tracerouteCheck>

export class TracerouteMonitor extends Check {
  readonly props: TracerouteMonitorProps

  constructor(logicalId: string, props: TracerouteMonitorProps) {
    super(logicalId, { checkType: 'traceroute', frequencies: tracerouteCheck.frequencies }, props)
    this.props = props
  }
}
