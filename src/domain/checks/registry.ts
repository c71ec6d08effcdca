/** Every check type the API creates, by path segment and by checkType. */
import type { CheckTypeDef } from './check-type.js'
import type { CheckType } from './enums.js'
import { agenticCheck } from './agentic.js'
import { apiCheck } from './api.js'
import { browserCheck } from './browser.js'
import { dnsCheck } from './dns.js'
import { grpcCheck } from './grpc.js'
import { heartbeatCheck } from './heartbeat.js'
import { icmpCheck } from './icmp.js'
import { multiStepCheck } from './multistep.js'
import { playwrightCheck } from './playwright.js'
import { sslCheck } from './ssl.js'
import { tcpCheck } from './tcp.js'
import { tracerouteCheck } from './traceroute.js'
import { urlCheck } from './url.js'

export const CHECK_TYPE_DEFS: readonly CheckTypeDef[] = [
  apiCheck,
  browserCheck,
  icmpCheck,
  heartbeatCheck,
  tcpCheck,
  urlCheck,
  dnsCheck,
  multiStepCheck,
  playwrightCheck,
  agenticCheck,
  grpcCheck,
  sslCheck,
  tracerouteCheck,
]

export const checkTypeBySegment = new Map(CHECK_TYPE_DEFS.map((d) => [d.segment, d]))
export const checkTypeByType = new Map<CheckType, CheckTypeDef>(CHECK_TYPE_DEFS.map((d) => [d.checkType, d]))
