/**
 * `HeartbeatMonitor` of the hosted service's constructs: its props hold the heartbeat flat (`period`, `periodUnit`,
 * `grace`, `graceUnit`), where the API and Picket's construct take them as `heartbeat: { … }`.
 */
import { HeartbeatMonitor as PicketHeartbeatMonitor, type HeartbeatMonitorProps as PicketHeartbeatProps } from '../heartbeat-monitor.js'
import type { Simplify } from '../schema-types.js'
import { asProps, checkFields, markTestOnly, type VendorProps } from './check-fields.js'

type Heartbeat = PicketHeartbeatProps['heartbeat']

export type HeartbeatMonitorProps = Simplify<Omit<VendorProps<PicketHeartbeatProps>, 'heartbeat'> & Pick<Heartbeat, 'period' | 'periodUnit' | 'grace' | 'graceUnit'>>

export class HeartbeatMonitor extends PicketHeartbeatMonitor {
  constructor(logicalId: string, props: HeartbeatMonitorProps) {
    const { period, periodUnit, grace, graceUnit, ...rest } = props
    super(logicalId, asProps<PicketHeartbeatProps>({ ...checkFields(rest, ['alertEscalationPolicy']), heartbeat: { period, periodUnit, grace, graceUnit } }))
    markTestOnly(this, props.testOnly)
  }
}
