/** Deploy requests of monitoring as code for the project tests, and what they read back. */
import { expect } from 'vitest'
import { sql } from 'kysely'
import type { LightMyRequestResponse } from 'fastify'
import type { DeployRequest, DeployResource } from '../../src/domain/projects/deploy-request.js'
import type { TestApp } from './app.js'

export type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

export const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }

/** One resource of every kind, the references between them, in an order that is not the kinds' order. `tag` keeps unique names unique. */
export function fullResources(tag: string): DeployResource[] {
  return [
    { kind: 'dashboard', logicalId: 'wall', payload: { header: 'Wall', customUrl: `wall-${tag}` } },
    {
      kind: 'check',
      logicalId: 'home',
      checkType: 'api',
      payload: {
        name: 'Home',
        request: { url: 'https://example.com/' },
        tags: ['web', 'api'],
        description: 'The home page',
        groupId: { $ref: 'check-group:backend' },
        alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:ops' }, activated: true }],
        triggerIncident: { serviceId: { $ref: 'status-page-service:api' }, severity: 'MAJOR', name: 'Home is down', description: 'Investigating', notifySubscribers: false },
      },
    },
    { kind: 'check', logicalId: 'backup', checkType: 'heartbeat', payload: { name: 'Backup', heartbeat: HOURLY, script: '' } },
    { kind: 'check', logicalId: 'db', checkType: 'tcp', payload: { name: 'DB', request: { hostname: 'example.com', port: 5432 } } },
    { kind: 'check-group', logicalId: 'backend', payload: { name: 'Backend', concurrency: 5 } },
    { kind: 'alert-channel', logicalId: 'ops', payload: { type: 'EMAIL', config: { address: 'ops@example.com' }, sendDegraded: true } },
    { kind: 'status-page-service', logicalId: 'api', payload: { name: 'API' } },
    {
      kind: 'status-page',
      logicalId: 'public',
      payload: { name: 'Acme status', url: `acme-${tag}`, cards: [{ name: 'Services', services: [{ $ref: 'status-page-service:api' }] }] },
    },
    {
      kind: 'maintenance-window',
      logicalId: 'nightly',
      payload: { name: 'Nightly', tags: ['web'], startsAt: '2026-01-01T22:00:00Z', endsAt: '2026-01-01T23:00:00Z', repeatInterval: 1, repeatUnit: 'DAY' },
    },
    { kind: 'variable', logicalId: 'token', payload: { key: `TOKEN_${tag}`, value: 's3cr3t-value', secret: true } },
  ]
}

export const request = (logicalId: string, resources: DeployResource[], name?: string): DeployRequest => ({
  project: { logicalId, ...(name === undefined ? {} : { name }) },
  resources,
})

/** The same resources with one payload changed. */
export const withPayload = (resources: DeployResource[], logicalId: string, change: (p: Json) => Json): DeployResource[] =>
  resources.map((r) => (r.logicalId === logicalId ? { ...r, payload: change({ ...r.payload }) } : r))

export const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

export const deploy = async (t: TestApp, body: DeployRequest, preview = false): Promise<Json> =>
  expectStatus(await t.call('POST', `/v1/projects/deploy${preview ? '?preview=true' : ''}`, body), 200)

/** The change of one resource in a deploy answer. */
export const changeOf = (answer: Json, kind: string, logicalId: string): Json => {
  const found = (answer.changes as Json[]).find((c) => c.kind === kind && c.logicalId === logicalId)
  expect(found, `${kind}:${logicalId} in ${JSON.stringify(answer.changes)}`).toBeDefined()
  return found as Json
}

/** Where each kind is read in the API, by the id a deploy answers. */
export const resourceUrl = (kind: string, id: string | number): string =>
  ({
    check: `/v1/checks/${id}`,
    'check-group': `/v1/check-groups/${id}`,
    'alert-channel': `/v1/alert-channels/${id}`,
    'maintenance-window': `/v1/maintenance-windows/${id}`,
    'status-page-service': `/v1/status-pages/services/${id}`,
    'status-page': `/v1/status-pages/${id}`,
    dashboard: `/v1/dashboards/${id}`,
    variable: `/v1/variables/${id}`,
  })[kind] ?? ''

export const read = async (t: TestApp, kind: string, id: string | number): Promise<Json> => expectStatus(await t.call('GET', resourceUrl(kind, id)), 200)

const TABLES = [
  'checks',
  'check_groups',
  'alert_channels',
  'alert_subscriptions',
  'maintenance_windows',
  'status_page_services',
  'status_pages',
  'dashboards',
  'variables',
  'check_schedules',
  'heartbeat_timers',
  'projects',
  'project_resources',
] as const
type Table = (typeof TABLES)[number]

/** Rows of every table a deploy writes, for "nothing was written" checks. */
export async function rowCounts(t: TestApp): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>
  for (const table of TABLES) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.store.db)
    counts[table] = Number(r.rows[0]?.n ?? 0)
  }
  return counts
}
