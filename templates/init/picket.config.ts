// The project: its logical id (unique in the account; `picket deploy` makes the service match these files and
// deletes what an earlier deploy of this id created and the files no longer declare) and the defaults of its checks.
import { defineConfig, EmailAlertChannel } from 'picket/constructs'

// Secrets and addresses come from the environment at deploy time; nothing here is written anywhere else.
const oncall = new EmailAlertChannel('oncall-email', { address: process.env.ONCALL_EMAIL ?? 'oncall@example.com' })

export default defineConfig({
  logicalId: '__PROJECT_ID__',
  name: '__PROJECT_ID__',
  checks: {
    locations: ['us-east-1'],
    frequency: 10,
    tags: ['__PROJECT_ID__'],
    alertChannels: [oncall],
    checkMatch: '**/*.check.ts',
    // Every Playwright file matching this becomes a browser check, without a wrapper.
    browserChecks: { testMatch: '**/*.spec.ts', frequency: 15 },
  },
})
