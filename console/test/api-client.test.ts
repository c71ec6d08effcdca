/**
 * The typed client asks the routes the pages asked before it existed: the same method, path, query (in the same
 * order) and body for every operation, so moving the paths out of the pages changed no request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { picketApi } from '../src/api/endpoints'

interface Sent {
  method: string
  url: string
  body: unknown
}

let sent: Sent[] = []

beforeEach(() => {
  sent = []
  vi.stubGlobal('fetch', (url: string, init: { method: string; body?: string }) => {
    sent.push({ method: init.method, url, body: init.body === undefined ? undefined : JSON.parse(init.body) })
    return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-range': '0-0/0' } }))
  })
})
afterEach(() => vi.unstubAllGlobals())

const CHECK = '7d6c1c9e-0000-4000-8000-000000000001'
const RESULT = '7d6c1c9e-0000-4000-8000-000000000002'
const { checks, checkResults, checkSessions, errorGroups, analytics, alerting, alertChannels, groups } = picketApi

/** An operation, and the request it must make. */
type Case = [name: string, run: () => Promise<unknown>, method: string, url: string, body?: unknown]

const CASES: Case[] = [
  // checks and what they found
  [
    'checks: a filtered page',
    () => checks.list({ limit: 100, page: 2, tag: ['a', 'b'], checkType: 'API', status: 'failing', search: 'shop' }).fetch(),
    'GET',
    '/v1/checks?limit=100&page=2&tag=a&tag=b&checkType=API&status=failing&search=shop',
  ],
  ['checks: one', () => checks.get(CHECK).fetch(), 'GET', `/v1/checks/${CHECK}`],
  ['checks: create through its type', () => checks.create('api', { name: 'n' }), 'POST', '/v1/checks/api', { name: 'n' }],
  ['checks: update through its type', () => checks.update('api', CHECK, { name: 'n' }), 'PUT', `/v1/checks/api/${CHECK}`, { name: 'n' }],
  ['checks: delete', () => checks.remove(CHECK), 'DELETE', `/v1/checks/${CHECK}`],
  ['statuses: all', () => checkResults.statuses().fetch(), 'GET', '/v1/check-statuses'],
  ['statuses: one', () => checkResults.status(CHECK).fetch(), 'GET', `/v1/check-statuses/${CHECK}`],
  ['results: latest', () => checkResults.list(CHECK, { limit: 10 }).fetch(), 'GET', `/v1/check-results/${CHECK}?limit=10`],
  [
    'results: filtered',
    () => checkResults.list(CHECK, { limit: 25, page: 1, hasFailures: false, location: 'eu-west-1', from: 10, to: 20 }).fetch(),
    'GET',
    `/v1/check-results/${CHECK}?limit=25&page=1&hasFailures=false&location=eu-west-1&from=10&to=20`,
  ],
  ['results: one', () => checkResults.get(CHECK, RESULT).fetch(), 'GET', `/v1/check-results/${CHECK}/${RESULT}`],
  ['results: assets', () => checkResults.assets(CHECK, RESULT).fetch(), 'GET', `/v1/check-results/${CHECK}/${RESULT}/assets`],
  ['sessions: trigger', () => checkSessions.trigger([CHECK]), 'POST', '/v1/check-sessions/trigger', { target: { checkId: [CHECK] } }],
  ['sessions: one', () => checkSessions.get('s-1').fetch(), 'GET', '/v1/check-sessions/s-1'],
  ['sessions: completion', () => checkSessions.completion('s-1', 30), 'GET', '/v1/check-sessions/s-1/completion?maxWaitSeconds=30'],
  [
    'error groups: of a check',
    () => errorGroups.forCheck(CHECK, { limit: 25, page: 1, includeArchived: true }).fetch(),
    'GET',
    `/v1/error-groups/checks/${CHECK}?limit=25&page=1&includeArchived=true`,
  ],
  ['error groups: archive', () => errorGroups.update('g-1', { archivedUntilNextEvent: true }), 'PATCH', '/v1/error-groups/g-1', { archivedUntilNextEvent: true }],
  [
    'analytics: series',
    () => analytics.series('TCP', CHECK, { metrics: 'availability,total_p95', quickRange: 'last24Hours' })?.fetch() ?? Promise.resolve(),
    'GET',
    `/v1/analytics/tcp-checks/${CHECK}?metrics=availability%2Ctotal_p95&quickRange=last24Hours`,
  ],
  [
    'analytics: series of an agentic check (a route of Picket its own)',
    () => analytics.series('AGENTIC', CHECK, { metrics: 'steps_avg' })?.fetch() ?? Promise.resolve(),
    'GET',
    `/v1/analytics/agentic/${CHECK}?metrics=steps_avg`,
  ],
  ['analytics: metrics', () => analytics.metrics('API').fetch(), 'GET', '/v1/analytics/metrics?checkType=API'],
  ['analytics: summaries', () => analytics.checkSummaries(['a', 'b'], 'last24Hours').fetch(), 'GET', '/v1/analytics/check-summaries?checkId=a&checkId=b&quickRange=last24Hours'],
  // alerting
  ['alerts: of a check', () => alerting.checkAlerts(CHECK, { from: 1, to: 2, limit: 25, page: 1 }).fetch(), 'GET', `/v1/check-alerts/${CHECK}?from=1&to=2&limit=25&page=1`],
  ['notifications: of a check', () => alerting.notifications({ checkId: CHECK, limit: 25, page: 1 }).fetch(), 'GET', `/v1/alert-notifications?checkId=${CHECK}&limit=25&page=1`],
  [
    'notifications: failed ones',
    () => alerting.notifications({ from: 1, to: 2, hasFailures: true, limit: 50, page: 3 }).fetch(),
    'GET',
    '/v1/alert-notifications?from=1&to=2&hasFailures=true&limit=50&page=3',
  ],
  ['alert settings: read', () => alerting.settings().fetch(), 'GET', '/v1/accounts/me/alert-settings'],
  ['channels: a page', () => alertChannels.list({ limit: 100 }).fetch(), 'GET', '/v1/alert-channels?limit=100'],
  ['channels: update', () => alertChannels.update(3, { sendFailure: true }), 'PUT', '/v1/alert-channels/3', { sendFailure: true }],
  ['channels: test', () => alertChannels.test(3), 'POST', '/v1/alert-channels/3/test', {}],
  ['channels: subscribe', () => alertChannels.subscribe(3, { checkId: CHECK, activated: true }), 'PUT', '/v1/alert-channels/3/subscriptions', { checkId: CHECK, activated: true }],
  // groups
  ['groups: a page', () => groups.list({ limit: 50, page: 2 }).fetch(), 'GET', '/v1/check-groups?limit=50&page=2'],
  ['groups: one', () => groups.get('4').fetch(), 'GET', '/v1/check-groups/4'],
  ['groups: their checks', () => groups.checks(4, { limit: 1 }).fetch(), 'GET', '/v1/check-groups/4/checks?limit=1'],
  ['groups: create (v2 body)', () => groups.create({ name: 'g' }), 'POST', '/v2/check-groups', { name: 'g' }],
  ['groups: update (v2 body)', () => groups.update('4', { name: 'g' }), 'PUT', '/v2/check-groups/4', { name: 'g' }],
  ['groups: delete', () => groups.remove('4'), 'DELETE', '/v1/check-groups/4'],
]

const SETTINGS: Case[] = [
  ['snippets: a page', () => picketApi.snippets.list({ limit: 25, page: 1 }).fetch(), 'GET', '/v1/snippets?limit=25&page=1'],
  ['snippets: create', () => picketApi.snippets.create({ name: 'n', script: 's' }), 'POST', '/v1/snippets', { name: 'n', script: 's' }],
  ['variables: update by key', () => picketApi.variables.update('API_KEY', { locked: true }), 'PUT', '/v1/variables/API_KEY', { locked: true }],
  ['windows: delete', () => picketApi.maintenance.remove(7), 'DELETE', '/v1/maintenance-windows/7'],
  ['dashboards: one', () => picketApi.dashboards.get('d-1').fetch(), 'GET', '/v1/dashboards/d-1'],
  ['locations: a page', () => picketApi.privateLocations.list().fetch(), 'GET', '/v1/private-locations'],
  ['locations: a key', () => picketApi.privateLocations.addKey('l-1'), 'POST', '/v1/private-locations/l-1/keys', {}],
  ['locations: revoke a key', () => picketApi.privateLocations.removeKey('l-1', 'k-1'), 'DELETE', '/v1/private-locations/l-1/keys/k-1'],
  ['status pages: update', () => picketApi.statusPages.update('p-1', { name: 'n' }), 'PUT', '/v1/status-pages/p-1', { name: 'n' }],
  ['services: a page', () => picketApi.services.list({ limit: 100 }).fetch(), 'GET', '/v1/status-pages/services?limit=100'],
  [
    'incidents: an update',
    () => picketApi.incidents.postUpdate('i-1', { description: 'd', status: 'RESOLVED', notifySubscribers: false }),
    'POST',
    '/v1/status-pages/incidents/i-1/incident-updates',
    { description: 'd', status: 'RESOLVED', notifySubscribers: false },
  ],
  ['runtimes', () => picketApi.reference.runtimes().fetch(), 'GET', '/v1/runtimes'],
  ['locations', () => picketApi.reference.locations().fetch(), 'GET', '/v1/locations'],
  ['members', () => picketApi.users.members().fetch(), 'GET', '/v1/accounts/me/members'],
  ['members: a role', () => picketApi.users.changeRole('u-1', 'ADMIN'), 'PATCH', '/v1/accounts/me/members/u-1', { role: 'ADMIN' }],
  ['invitations: withdraw', () => picketApi.users.revokeInvite('i-1'), 'DELETE', '/v1/accounts/me/invitations/i-1'],
  ['api keys: create', () => picketApi.users.createApiKey({ name: 'ci' }), 'POST', '/v1/accounts/me/api-keys', { name: 'ci' }],
  ['session', () => picketApi.auth.session(), 'GET', '/v1/auth/session'],
  ['sign out', () => picketApi.auth.signOut(), 'POST', '/v1/auth/sign-out', {}],
  ['password', () => picketApi.auth.changePassword({ currentPassword: 'a', newPassword: 'b' }), 'PUT', '/v1/auth/password', { currentPassword: 'a', newPassword: 'b' }],
  ['invitation: preview', () => picketApi.auth.invitation('t/1').fetch(), 'GET', '/v1/invitations/t%2F1'],
  ['invitation: accept', () => picketApi.auth.acceptInvitation('t/1', { password: 'p' }), 'POST', '/v1/invitations/t%2F1/accept', { password: 'p' }],
]

describe('the typed client', () => {
  it.each([...CASES, ...SETTINGS])('%s', async (_name, run, method, url, body) => {
    await run()
    expect(sent).toEqual([{ method, url, body }])
  })

  it('has no analytics route for a type it does not know (the tab says so)', () => {
    expect(analytics.serves('SMTP')).toBe(false)
    expect(analytics.series('SMTP', CHECK, {})).toBeNull()
  })

  it('reads a paged list with its total from Content-Range', async () => {
    await expect(checks.list({ limit: 1 }).fetch()).resolves.toEqual({ rows: [], total: 0 })
  })
})
