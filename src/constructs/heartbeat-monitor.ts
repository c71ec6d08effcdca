/**
 * A heartbeat monitor (POST /v1/checks/heartbeat): the monitored job pings the check's URL. Props are its create
 * body, with references for the id fields (check.ts); `script`, required by the API and meaningless here, is
 * optional and sent as '' when left out. Heartbeats run nowhere, so the config's locations, private locations,
 * frequency and runtime do not apply to them.
 */
import { heartbeatCheck } from '../domain/checks/heartbeat.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'
import type { Simplify } from './schema-types.js'

type Body = CheckProps<typeof heartbeatCheck>
export type HeartbeatMonitorProps = Simplify<Omit<Body, 'script'> & Partial<Pick<Body, 'script'>>>
export type HeartbeatMonitorPayload = CheckPayload<typeof heartbeatCheck>

export class HeartbeatMonitor extends Check {
  readonly props: HeartbeatMonitorProps

  constructor(logicalId: string, props: HeartbeatMonitorProps) {
    super(logicalId, { checkType: 'heartbeat', frequencies: heartbeatCheck.frequencies, defaults: ['tags', 'alertChannels', 'activated', 'muted'] }, { script: '', ...props })
    this.props = props
  }
}
