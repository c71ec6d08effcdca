/** The rows of the check type contract table, one per path segment. */
import type { CheckTypeCase } from '../check-type-case.js'
import { agentic } from './agentic.js'
import { api } from './api.js'
import { dns } from './dns.js'
import { grpc } from './grpc.js'
import { heartbeat } from './heartbeat.js'
import { icmp } from './icmp.js'
import { browser, multistep } from './script.js'
import { ssl } from './ssl.js'
import { tcp } from './tcp.js'
import { traceroute } from './traceroute.js'
import { url } from './url.js'

export const CHECK_TYPES: CheckTypeCase[] = [api, dns, heartbeat, icmp, tcp, url, browser, multistep, grpc, ssl, traceroute, agentic]
