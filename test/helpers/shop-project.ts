/** The files of a monitoring-as-code project (a shop) that the end-to-end tests deploy, edit and destroy with the real command. */

/** picket.config.ts: the project and its check defaults. */
export const CONFIG = `import { defineConfig } from 'picket/constructs'
export default defineConfig({ logicalId: 'shop', name: 'Shop', checks: { locations: ['us-east-1'], frequency: 10, tags: ['shop'] } })
`
export const ordersCheck = (target: string, frequency: number) => `import { ApiCheck, CheckGroup, WebhookAlertChannel } from 'picket/constructs'
export const backend = new CheckGroup('backend', { name: 'Backend', tags: ['backend'] })
const hook = new WebhookAlertChannel('hook', { name: 'Hook', url: '${target}/hook' })
new ApiCheck('orders', {
  name: 'Orders API', group: backend, alertChannels: [hook], frequency: ${frequency},
  request: { url: '${target}/ok', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
})
`
export const moreChecks = (
  target: string,
  port: number,
  slug: string,
) => `import { Dashboard, EnvironmentVariable, HeartbeatMonitor, MaintenanceWindow, StatusPage, StatusPageService, TcpMonitor, UrlMonitor } from 'picket/constructs'
const svc = new StatusPageService('svc', { name: 'Checkout' })
new UrlMonitor('home', { name: 'Home', request: { url: '${target}/ok' }, triggerIncident: { service: svc, severity: 'MAJOR', name: 'Home down', description: 'Home is down', notifySubscribers: false } })
new TcpMonitor('port', { name: 'Port', request: { hostname: '127.0.0.1', port: ${port} } })
new HeartbeatMonitor('nightly', { name: 'Nightly', heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' } })
new StatusPage('status', { name: 'Shop status', url: '${slug}', cards: [{ name: 'Shop', services: [svc] }] })
new MaintenanceWindow('friday', { name: 'Friday deploys', tags: ['batch-jobs'], startsAt: '2026-01-02T10:00:00.000Z', endsAt: '2026-01-02T11:00:00.000Z', repeatUnit: 'WEEK', repeatInterval: 1 })
new Dashboard('wall', { header: 'Shop wall', tags: ['shop'], customUrl: '${slug}-wall' })
new EnvironmentVariable('SHOP_TOKEN', { value: process.env.SHOP_TOKEN ?? 'unset', secret: true })
`
