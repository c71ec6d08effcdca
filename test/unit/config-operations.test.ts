/** Operator settings (roles, metrics, retention, egress): defaults, values and every problem named. */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load.js'
import { configProblems } from '../helpers/config-problems.js'

const ops = (env: Record<string, string>) => loadConfig(env).operations
const problems = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env))

describe('operations settings', () => {
  it('defaults to one instance doing everything, metrics on the API port, 30 days kept, open egress', () => {
    expect(ops({})).toEqual({
      roles: { api: true, engine: true, runLocations: null },
      metrics: { enabled: true, port: null, token: undefined },
      retention: { resultDays: 30, notificationDays: 30, agentErrorDays: 30, batchSize: 500 },
      egress: { policy: 'open', allow: [], deny: [] },
      sandbox: 'bwrap',
      migrateOnStart: true,
    })
  })

  it.each([
    [{ ROLES: 'api' }, { roles: { api: true, engine: false, runLocations: null } }],
    [{ ENGINE: 'off' }, { roles: { api: true, engine: false, runLocations: null } }],
    [{ ROLES: 'engine', RUN_LOCATIONS: 'eu-west-1, eu-central-1' }, { roles: { api: false, engine: true, runLocations: ['eu-west-1', 'eu-central-1'] } }],
    [{ METRICS_PORT: '9464', METRICS_TOKEN: 'a-long-enough-token' }, { metrics: { enabled: true, port: 9464, token: 'a-long-enough-token' } }],
    [{ METRICS: 'off' }, { metrics: { enabled: false, port: null, token: undefined } }],
    [{ RESULT_RETENTION_DAYS: '90', RETENTION_BATCH_SIZE: '100' }, { retention: { resultDays: 90, notificationDays: 30, agentErrorDays: 30, batchSize: 100 } }],
    [{ MIGRATE_ON_START: 'off' }, { migrateOnStart: false }],
    [{ EGRESS_DENY: '10.9.0.0/16, 192.0.2.8' }, { egress: { policy: 'open', allow: [], deny: ['10.9.0.0/16', '192.0.2.8'] } }],
    [{ SANDBOX: 'off' }, { sandbox: 'off' }],
    [{ EGRESS_POLICY: 'public-only', EGRESS_ALLOW: '10.1.0.0/16,fd00::/8,192.0.2.7' }, { egress: { policy: 'public-only', allow: ['10.1.0.0/16', 'fd00::/8', '192.0.2.7'] } }],
  ])('reads %j', (env, want) => {
    expect(ops(env)).toMatchObject(want)
  })

  it.each([
    [{ ROLES: 'api,worker' }, /ROLES must list api and\/or engine/],
    [{ ROLES: 'engine', ENGINE: 'off' }, /nothing to do/],
    [{ RUN_LOCATIONS: 'eu west' }, /RUN_LOCATIONS/],
    [{ METRICS_PORT: 'x' }, /METRICS_PORT must be an integer/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    [{ METRICS: 'maybe' }, /METRICS must be one of on, off/],
    [{ RESULT_RETENTION_DAYS: '0' }, /RESULT_RETENTION_DAYS/],
    [{ EGRESS_POLICY: 'closed' }, /EGRESS_POLICY must be one of open, public-only/],
    [{ EGRESS_ALLOW: '10.0.0.0/33' }, /EGRESS_ALLOW/],
    [{ EGRESS_ALLOW: 'example.com' }, /EGRESS_ALLOW/],
    [{ MIGRATE_ON_START: 'no' }, /MIGRATE_ON_START must be one of on, off/],
    [{ EGRESS_DENY: 'metadata' }, /EGRESS_DENY must list CIDRs/],
    [{ SANDBOX: 'none' }, /SANDBOX must be one of bwrap, off/],
  ])('refuses %j', (env, message) => {
    expect(problems(env).join('\n')).toMatch(message)
  })
})
