/**
 * An account with a little of everything the reference's CLI reads, made through the public API: checks of three
 * types (one in a group, one of them run so it has results), an alert channel, variables, a status page with an
 * open incident. What the CLI prints is compared with these.
 */
type Json = Record<string, unknown>
export type ApiCall = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: unknown }>

export interface VendorData {
  groupId: number
  apiCheckId: string
  browserCheckId: string
  heartbeatCheckId: string
  alertChannelId: number
  statusPageId: string
  incidentId: string
}

export const NAMES = {
  group: 'Storefront group',
  api: 'Orders API',
  browser: 'Checkout flow',
  heartbeat: 'Nightly backup',
  channel: 'oncall@example.com',
  statusPage: 'Acme status',
  service: 'Public API',
  incident: 'Orders are slow',
  variable: 'SHOP_TOKEN',
  secret: 'SHOP_SECRET',
} as const

const made = async (call: ApiCall, method: string, url: string, body: unknown): Promise<Json> => {
  const res = await call(method, url, body)
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body as Json
}

/** `targetUrl` is a local server the API check calls. */
export async function seedVendorData(call: ApiCall, targetUrl: string): Promise<VendorData> {
  const group = await made(call, 'POST', '/v1/check-groups', { name: NAMES.group, locations: ['eu-west-1'], activated: true })
  const api = await made(call, 'POST', '/v1/checks/api', {
    name: NAMES.api,
    activated: false,
    groupId: group.id,
    locations: ['eu-west-1'],
    request: { url: `${targetUrl}/orders`, method: 'GET' },
  })
  const browser = await made(call, 'POST', '/v1/checks/browser', {
    name: NAMES.browser,
    activated: false,
    locations: ['eu-west-1'],
    script: "const { test } = require('@playwright/test')\ntest('ok', async () => {})\n",
  })
  const heartbeat = await made(call, 'POST', '/v1/checks/heartbeat', {
    name: NAMES.heartbeat,
    heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
    script: '',
  })
  const channel = await made(call, 'POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: NAMES.channel } })
  await made(call, 'POST', '/v1/variables', { key: NAMES.variable, value: 'tok-123' })
  await made(call, 'POST', '/v1/variables', { key: NAMES.secret, value: 'hidden-456', secret: true })
  const service = await made(call, 'POST', '/v1/status-pages/services', { name: NAMES.service })
  const page = await made(call, 'POST', '/v1/status-pages', { name: NAMES.statusPage, url: 'acme-status', cards: [{ name: 'Core', services: [{ id: service.id }] }] })
  const incident = await made(call, 'POST', '/v1/status-pages/incidents', {
    name: NAMES.incident,
    severity: 'MAJOR',
    services: [service.id],
    incidentUpdates: [{ description: 'We are looking into it', status: 'INVESTIGATING' }],
  })
  return {
    groupId: Number(group.id),
    apiCheckId: String(api.id),
    browserCheckId: String(browser.id),
    heartbeatCheckId: String(heartbeat.id),
    alertChannelId: Number(channel.id),
    statusPageId: String(page.id),
    incidentId: String(incident.id),
  }
}

export const PEOPLE = {
  owner: { name: 'Olive Owner', email: 'olive@example.com' },
  member: { name: 'Rick Reader', email: 'rick@example.com' },
  invited: { email: 'ivy@example.com' },
} as const
const PASSWORD = 'correct horse battery'

/**
 * The account's people, made as they are in use: the first user through the setup link printed at the first start,
 * a second one through an accepted invitation, a third still invited. Returns an API key of the owner (a key of a
 * user, which names that user) and the member's user id.
 */
export async function seedPeople(baseUrl: string, setupToken: string, call: ApiCall): Promise<{ ownerKey: string; memberId: string }> {
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    const json = (await res.json()) as Json
    if (res.status >= 300) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(json)}`)
    return { json, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' }
  }
  const owner = await post('/v1/auth/setup', { token: setupToken, ...PEOPLE.owner, password: PASSWORD })
  const account = ((owner.json.accounts as Json[])[0] as Json).id as string
  const asOwner = { cookie: owner.cookie, 'x-service-account': account, 'x-csrf-token': String(owner.json.csrfToken) }
  const key = await post('/v1/accounts/me/api-keys', { name: 'vendor CLI' }, asOwner)
  const invite = await made(call, 'POST', '/v1/accounts/me/invitations', { email: PEOPLE.member.email, role: 'READ_ONLY' })
  const token = new URL(String(invite.inviteUrl)).hash.slice(1) || String(invite.inviteUrl).split('/').pop()
  const accepted = await post(`/v1/invitations/${token}/accept`, { name: PEOPLE.member.name, password: PASSWORD })
  await made(call, 'POST', '/v1/accounts/me/invitations', { email: PEOPLE.invited.email, role: 'READ_WRITE' })
  return { ownerKey: String(key.json.apiKey), memberId: String((accepted.json.user as Json).id) }
}
