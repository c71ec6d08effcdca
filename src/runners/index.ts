/** The runners of the built-in check types, keyed by checkType. Built in main/ (and the agent) with their deps. */
import { apiRunner } from './api.js'
import type { CheckRunner } from './contract.js'
import { dnsRunner } from './dns.js'
import { icmpRunner } from './icmp.js'
import type { ScriptSandbox } from './script-sandbox.js'
import { tcpRunner } from './tcp.js'
import { urlRunner } from './url.js'

export type RunnerCheckType = 'API' | 'URL' | 'TCP' | 'DNS' | 'ICMP'

export interface RunnerDeps {
  sandbox: ScriptSandbox
}

export function buildRunners(deps: RunnerDeps): Record<RunnerCheckType, CheckRunner> {
  return {
    API: apiRunner({ sandbox: deps.sandbox }),
    URL: urlRunner(),
    TCP: tcpRunner(),
    DNS: dnsRunner(),
    ICMP: icmpRunner(),
  }
}
