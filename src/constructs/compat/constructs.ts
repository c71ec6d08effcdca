/**
 * 'checkly/constructs' for projects written for the hosted service's CLI: its construct names and props, each
 * producing Picket's construct (so that deploy and test take the same path as a Picket project's). The CLI maps
 * the import here (src/cli/code/module-alias.ts) and type-checks the project against these types.
 */
export { Frequency } from './frequency.js'
export {
  AssertionBuilder,
  UrlAssertionBuilder,
  TcpAssertionBuilder,
  DnsAssertionBuilder,
  IcmpAssertionBuilder,
  SslAssertionBuilder,
  TracerouteAssertionBuilder,
  TlsVersion,
  GeneralAssertionBuilder,
  NumericAssertionBuilder,
  type Assertion,
} from './assertions.js'
export { RetryStrategyBuilder, type RetryStrategy, type RetryStrategyOptions, type RetryStrategyType } from './retry-strategy.js'
export { AlertEscalationBuilder, type AlertEscalation, type Reminders, type ParallelRunFailureThreshold } from './alert-escalation.js'
export { ApiCheck, type ApiCheckProps } from './api-check.js'
export {
  UrlMonitor,
  TcpMonitor,
  DnsMonitor,
  IcmpMonitor,
  GrpcMonitor,
  TracerouteMonitor,
  type UrlMonitorProps,
  type TcpMonitorProps,
  type DnsMonitorProps,
  type IcmpMonitorProps,
  type GrpcMonitorProps,
  type TracerouteMonitorProps,
} from './monitors.js'
export { SslMonitor, type SslMonitorProps, type SslRequest, type SslConfig } from './ssl-monitor.js'
export { AgenticCheck, type AgenticCheckProps, type AgentRuntime } from './agentic-check.js'
export { HeartbeatMonitor, HeartbeatMonitor as HeartbeatCheck, type HeartbeatMonitorProps } from './heartbeat-monitor.js'
export { BrowserCheck, MultiStepCheck, PlaywrightCheck, type BrowserCheckProps, type MultiStepCheckProps, type PlaywrightCheckProps } from './browser-checks.js'
export { CheckGroupV1, CheckGroupV2, CheckGroup, type CheckGroupV1Props, type CheckGroupV2Props } from './check-group.js'
export {
  EmailAlertChannel,
  WebhookAlertChannel,
  SlackAlertChannel,
  SmsAlertChannel,
  type EmailAlertChannelProps,
  type WebhookAlertChannelProps,
  type SlackAlertChannelProps,
  type SmsAlertChannelProps,
} from './alert-channels.js'
export { AlertChannel } from '../alert-channel.js'
export { MaintenanceWindow, PrivateLocation, type MaintenanceWindowProps, type PrivateLocationProps } from './resources.js'
export { Dashboard, type DashboardProps } from './dashboard.js'
export { StatusPage, type StatusPageProps } from '../status-page.js'
export { StatusPageService, type StatusPageServiceProps } from '../status-page-service.js'
export * from './unsupported.js'
export type { ScriptSource as Content } from './check-fields.js'

/** An environment variable of a check or group, as the hosted service's constructs type it. */
export interface EnvironmentVariable {
  key: string
  value: string
  locked?: boolean
  secret?: boolean
}
