/**
 * The hosted service's URL, TCP, DNS, ICMP and gRPC monitors: Picket's constructs of the same names from the vendor's
 * props (check-fields.ts), their request's assertions from the builders.
 */
import { DnsMonitor as PicketDnsMonitor, type DnsMonitorProps as PicketDnsProps } from '../dns-monitor.js'
import { IcmpMonitor as PicketIcmpMonitor, type IcmpMonitorProps as PicketIcmpProps } from '../icmp-monitor.js'
import { GrpcMonitor as PicketGrpcMonitor, type GrpcMonitorProps as PicketGrpcProps } from '../grpc-monitor.js'
import { TcpMonitor as PicketTcpMonitor, type TcpMonitorProps as PicketTcpProps } from '../tcp-monitor.js'
import { UrlMonitor as PicketUrlMonitor, type UrlMonitorProps as PicketUrlProps } from '../url-monitor.js'
import type { WithVendorRequest } from './api-check.js'
import { asProps, checkFields, markTestOnly, MONITOR_DEFAULTS, type VendorProps } from './check-fields.js'

export type UrlMonitorProps = WithVendorRequest<VendorProps<PicketUrlProps>>
export type TcpMonitorProps = WithVendorRequest<VendorProps<PicketTcpProps>>
export type GrpcMonitorProps = WithVendorRequest<VendorProps<PicketGrpcProps>>
export type DnsMonitorProps = WithVendorRequest<VendorProps<PicketDnsProps>>
export type IcmpMonitorProps = WithVendorRequest<VendorProps<PicketIcmpProps>>

export class UrlMonitor extends PicketUrlMonitor {
  constructor(logicalId: string, props: UrlMonitorProps) {
    super(logicalId, asProps<PicketUrlProps>(checkFields(props, MONITOR_DEFAULTS)))
    markTestOnly(this, props.testOnly)
  }
}

export class TcpMonitor extends PicketTcpMonitor {
  constructor(logicalId: string, props: TcpMonitorProps) {
    super(logicalId, asProps<PicketTcpProps>(checkFields(props, MONITOR_DEFAULTS)))
    markTestOnly(this, props.testOnly)
  }
}

export class DnsMonitor extends PicketDnsMonitor {
  constructor(logicalId: string, props: DnsMonitorProps) {
    super(logicalId, asProps<PicketDnsProps>(checkFields(props, MONITOR_DEFAULTS)))
    markTestOnly(this, props.testOnly)
  }
}

export class IcmpMonitor extends PicketIcmpMonitor {
  constructor(logicalId: string, props: IcmpMonitorProps) {
    super(logicalId, asProps<PicketIcmpProps>(checkFields(props, MONITOR_DEFAULTS)))
    markTestOnly(this, props.testOnly)
  }
}

export class GrpcMonitor extends PicketGrpcMonitor {
  constructor(logicalId: string, props: GrpcMonitorProps) {
    super(logicalId, asProps<PicketGrpcProps>(checkFields(props, MONITOR_DEFAULTS)))
    markTestOnly(this, props.testOnly)
  }
}
