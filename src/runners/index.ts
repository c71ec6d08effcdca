/** The runners of the built-in check types, keyed by checkType. Built in main/ (and the agent) with their deps. */
import { apiRunner } from './api.js'
import type { EgressPolicy } from '../domain/egress.js'
import type { CheckRunner } from './contract.js'
import { dnsRunner } from './dns.js'
import { grpcRunner } from './grpc.js'
import { icmpRunner } from './icmp.js'
import type { ScriptSandbox } from './script-sandbox.js'
import { sslRunner } from './ssl.js'
import { tcpRunner } from './tcp.js'
import { tracerouteRunner } from './traceroute.js'
import { urlRunner } from './url.js'

export type RunnerCheckType = 'API' | 'URL' | 'TCP' | 'DNS' | 'ICMP' | 'GRPC' | 'SSL' | 'TRACEROUTE'
export type BrowserCheckType = 'BROWSER' | 'MULTI_STEP' | 'PLAYWRIGHT'
/** Runners built only where their requirements are met (a model endpoint for AGENTIC). */
export type OptionalCheckType = 'AGENTIC'

export interface RunnerDeps {
  sandbox: ScriptSandbox
  /** The runner of browser, multi-step and Playwright checks (browser/runner.ts); without it they are not run here. */
  browser?: CheckRunner
  /** The runner of agentic checks (agentic/runner.ts): only where a model endpoint is configured and Chromium exists. */
  agentic?: CheckRunner
  /**
   * Where checks may connect (EGRESS_POLICY, EGRESS_ALLOW); default open. The service passes its setting; the
   * private-location agent runs in the customer's own network and keeps it open. The sandbox and the browser
   * runner take the same policy when they are built.
   */
  egress?: EgressPolicy
}

export function buildRunners(deps: RunnerDeps): Record<RunnerCheckType, CheckRunner> & Partial<Record<BrowserCheckType | OptionalCheckType, CheckRunner>> {
  const egress = deps.egress ? { egress: deps.egress } : {}
  return {
    API: apiRunner({ sandbox: deps.sandbox, ...egress }),
    URL: urlRunner(egress),
    TCP: tcpRunner(egress),
    DNS: dnsRunner(egress),
    ICMP: icmpRunner(egress),
    SSL: sslRunner(egress),
    TRACEROUTE: tracerouteRunner(egress),
    GRPC: grpcRunner(egress),
    ...(deps.browser ? { BROWSER: deps.browser, MULTI_STEP: deps.browser, PLAYWRIGHT: deps.browser } : {}),
    ...(deps.agentic ? { AGENTIC: deps.agentic } : {}),
  }
}
