// A heartbeat: your cron job calls its ping URL (shown by GET /v1/checks/{id}) when it succeeds.
import { HeartbeatMonitor } from 'picket/constructs'

new HeartbeatMonitor('nightly-backup', {
  name: 'Nightly backup',
  heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
})
