/**
 * `SslMonitor` of the hosted service's constructs: its request names the host, port and IP family beside
 * `sslConfig` (whose handshake timeout is `handshakeTimeout` and which holds `sslClientCertificateId`), where the
 * API takes them all inside `request.sslConfig` (`handshakeTimeoutMs`) and the certificate id beside it. Assertion
 * properties the hosted service names otherwise are renamed, and those Picket cannot judge refused when the check is
 * declared (domain/projects/vendor/check-shapes.ts says which).
 */
import { vendorSslRequest } from '../../domain/projects/vendor/check-shapes.js'
import type { Simplify } from '../schema-types.js'
import { SslMonitor as PicketSslMonitor, type SslMonitorProps as PicketSslProps } from '../ssl-monitor.js'
import type { Assertion } from './assertions.js'
import { asProps, checkFields, markTestOnly, MONITOR_DEFAULTS, type VendorProps } from './check-fields.js'

type PicketSslConfig = PicketSslProps['request']['sslConfig']

/** The TLS settings of the request, in the hosted service's names. */
export type SslConfig = Simplify<
  Omit<PicketSslConfig, 'hostname' | 'port' | 'ipFamily' | 'handshakeTimeoutMs'> & {
    /** Milliseconds the handshake may take (1000–30000, default 10000). */
    handshakeTimeout?: number
    /** The stored client certificate to present (with clientCertificateMode 'explicit'). */
    sslClientCertificateId?: string
  }
>

export interface SslRequest {
  /** The host whose certificate is checked, without scheme or port. */
  hostname: string
  port?: number
  ipFamily?: 'IPv4' | 'IPv6'
  sslConfig?: SslConfig
  assertions?: Assertion[]
}

export type SslMonitorProps = Simplify<Omit<VendorProps<PicketSslProps>, 'request'> & { request: SslRequest }>

/** The request as the API takes it. */
function sslRequestBody(request: SslRequest): Record<string, unknown> {
  const { hostname, port, ipFamily, sslConfig = {}, assertions } = request
  const { handshakeTimeout, sslClientCertificateId, ...config } = sslConfig
  return {
    sslConfig: { hostname, port, ipFamily, ...config, handshakeTimeoutMs: handshakeTimeout },
    sslClientCertificateId,
    assertions,
  }
}

export class SslMonitor extends PicketSslMonitor {
  constructor(logicalId: string, props: SslMonitorProps) {
    const { request, ...rest } = props
    const translated = vendorSslRequest(sslRequestBody(request), 'request')
    const problem = translated.problems[0]
    if (problem) throw new Error(`SslMonitor "${String(logicalId)}": ${problem.field}: ${problem.why}`)
    super(logicalId, asProps<PicketSslProps>({ ...checkFields(rest, MONITOR_DEFAULTS), request: translated.request }))
    markTestOnly(this, props.testOnly)
  }
}
