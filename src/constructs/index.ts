/**
 * `picket/constructs`: monitoring as code. A project's `*.check.ts` files create constructs; the CLI
 * loads them and deploys what they declared. Every construct is `new X(logicalId, props)`, its props the body of
 * the resource's create call in the public API, typed from the same schemas the API validates with, except that ids
 * of other resources are the constructs themselves (`group`, `alertChannels`, `triggerIncident.service`, a status
 * page card's `services`), which serialise to `{ $ref: '<kind>:<logicalId>' }`.
 *
 * For the CLI (see README.md next to this file):
 *   const session = openSession({ config, baseDir })        // config: picket.config.ts's default export
 *   for (const file of checkFiles) { session.loadingFile = file; await import(pathToFileURL(file).href) }
 *   for (const spec of specFiles) browserCheckFromSpec(session, spec)
 *   const resources = session.resources()                   // DeployResource[]; session.entries() adds each construct
 *   closeSession(session)
 * Constructs created while no session is open are plain objects: `construct.toResource()` serialises one.
 */
export { Construct, type SerializeContext } from './construct.js'
export { Check, type CheckProps, type CheckPayload, type CheckReferenceProps, type TriggerIncidentProps } from './check.js'
export { ApiCheck, type ApiCheckProps, type ApiCheckPayload } from './api-check.js'
export { UrlMonitor, type UrlMonitorProps, type UrlMonitorPayload } from './url-monitor.js'
export { TcpMonitor, type TcpMonitorProps, type TcpMonitorPayload } from './tcp-monitor.js'
export { GrpcMonitor, type GrpcMonitorProps, type GrpcMonitorPayload } from './grpc-monitor.js'
export { SslMonitor, type SslMonitorProps, type SslMonitorPayload } from './ssl-monitor.js'
export { TracerouteMonitor, type TracerouteMonitorProps, type TracerouteMonitorPayload } from './traceroute-monitor.js'
export { AgenticCheck, type AgenticCheckProps, type AgenticCheckPayload } from './agentic-check.js'
export { DnsMonitor, type DnsMonitorProps, type DnsMonitorPayload } from './dns-monitor.js'
export { IcmpMonitor, type IcmpMonitorProps, type IcmpMonitorPayload } from './icmp-monitor.js'
export { HeartbeatMonitor, type HeartbeatMonitorProps, type HeartbeatMonitorPayload } from './heartbeat-monitor.js'
export { BrowserCheck, type BrowserCheckProps, type BrowserCheckPayload } from './browser-check.js'
export { MultiStepCheck, type MultiStepCheckProps, type MultiStepCheckPayload } from './multistep-check.js'
export { PlaywrightCheckSuite, type PlaywrightCheckSuiteProps, type PlaywrightCheckSuitePayload } from './playwright-check-suite.js'
export type { ScriptCode } from './script-code.js'
export type { SuiteCode, SuiteFile } from './suite-files.js'
export { CheckGroup, type CheckGroupProps, type CheckGroupPayload } from './check-group.js'
export {
  AlertChannel,
  EmailAlertChannel,
  WebhookAlertChannel,
  SlackAlertChannel,
  SmsAlertChannel,
  type AlertChannelBody,
  type AlertChannelFlags,
  type AlertChannelProps,
} from './alert-channel.js'
export { MaintenanceWindow, type MaintenanceWindowProps } from './maintenance-window.js'
export { Dashboard, type DashboardProps } from './dashboard.js'
export { StatusPage, type StatusPageProps, type StatusPageCard, type StatusPagePayload } from './status-page.js'
export { StatusPageService, type StatusPageServiceProps } from './status-page-service.js'
export { PrivateLocation } from './private-location.js'
export { EnvironmentVariable, type EnvironmentVariableProps } from './environment-variable.js'
export { defineConfig, DEFAULT_CHECK_MATCH, DEFAULT_TEST_MATCH, type ProjectConfig, type CheckDefaults, type BrowserCheckDefaults, type Location } from './project-config.js'
export { Session, openSession, closeSession, currentSession, type SessionOptions, type SessionEntry } from './session.js'
export { SESSION_KEY } from './session-store.js'
export { browserCheckFromSpec } from './spec-check.js'
export type { CheckBody, BodyOf } from './schema-types.js'
