/**
 * The hosted service's URL, TCP, DNS, ICMP, gRPC and traceroute monitors: Picket's constructs of the same names from
 * the vendor's props (check-fields.ts), their request's assertions from the builders. A traceroute that names no
 * protocol or port gets the hosted service's (TCP to 443; domain/projects/vendor/check-shapes.ts), not Picket's UDP.
 */
import { vendorTracerouteRequest } from '../../domain/projects/vendor/check-shapes.js'
import { DnsMonitor as PicketDnsMonitor, type DnsMonitorProps as PicketDnsProps } from '../dns-monitor.js'
import { IcmpMonitor as PicketIcmpMonitor, type IcmpMonitorProps as PicketIcmpProps } from '../icmp-monitor.js'
import { GrpcMonitor as PicketGrpcMonitor, type GrpcMonitorProps as PicketGrpcProps } from '../grpc-monitor.js'
import { TracerouteMonitor as PicketTracerouteMonitor, type TracerouteMonitorProps as PicketTracerouteProps } from '../traceroute-monitor.js'
import { TcpMonitor as PicketTcpMonitor, type TcpMonitorProps as PicketTcpProps } from '../tcp-monitor.js'
import { UrlMonitor as PicketUrlMonitor, type UrlMonitorProps as PicketUrlProps } from '../url-monitor.js'
import type { WithVendorRequest } from './api-check.js'
import { asProps, checkFields, markTestOnly, MONITOR_DEFAULTS, type VendorProps } from './check-fields.js'

export type UrlMonitorProps = WithVendorRequest<VendorProps<PicketUrlProps>>
export type TcpMonitorProps = WithVendorRequest<VendorProps<PicketTcpProps>>
export type GrpcMonitorProps = WithVendorRequest<VendorProps<PicketGrpcProps>>
export type DnsMonitorProps = WithVendorRequest<VendorProps<PicketDnsProps>>
export type IcmpMonitorProps = WithVendorRequest<VendorProps<PicketIcmpProps>>
export type TracerouteMonitorProps = WithVendorRequest<VendorProps<PicketTracerouteProps>>

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

export class TracerouteMonitor extends PicketTracerouteMonitor {
  constructor(logicalId: string, props: TracerouteMonitorProps) {
    const fields = checkFields(props, MONITOR_DEFAULTS)
    super(logicalId, asProps<PicketTracerouteProps>({ ...fields, request: vendorTracerouteRequest(fields.request) }))
    markTestOnly(this, props.testOnly)
  }
}
