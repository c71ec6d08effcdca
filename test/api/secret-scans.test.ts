/**
 * Secret scans through the API, on both stores: every readable place a credential can sit is reported with its
 * entity, field path, key and a redacted preview; locked and secret values are not inspected; a secret variable's
 * value found in plain text is reported; nothing in the answer holds a detected value; another account sees
 * none of these findings. Token-shaped values are assembled at run time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>
const RANDOM = 'q8Zr3LmN0pXv7TbK2wYs'
const V = {
  secretVar: 'prod-db-Pa55word-991',
  stripe: `sk_live_${RANDOM}`,
  aws: `AKIA${'ABCD2345'.repeat(2)}`,
  github: `ghp_${'a1B2c3D4e5'.repeat(4)}`,
  hook: `Zk4${RANDOM}`,
  query: `Qy7${RANDOM}`,
  basic: `Bp2${RANDOM}`,
  locked: `sk_test_${RANDOM}`,
}

describe.each(testDbs)('secret scans on $name', (db) => {
  let t: TestApp
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    t = await startTestApp(db)
    const ok = async (url: string, body: Json) => {
      const res = await t.call('POST', url, body)
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300)
      return res.json() as Json
    }
    await ok('/v1/variables', { key: 'DB_PASSWORD', value: V.secretVar, secret: true })
    await ok('/v1/variables', { key: 'STRIPE', value: V.stripe })
    await ok('/v1/variables', { key: 'LOCKED_STRIPE', value: V.locked, locked: true })
    await ok('/v1/variables', { key: 'PLAIN', value: 'https://example.com' })
    const api = await ok('/v1/checks/api?autoAssignAlerts=false', {
      name: 'Orders API',
      activated: false,
      request: {
        method: 'POST',
        url: 'https://api.example.com/orders',
        headers: [
          { key: 'Authorization', value: 'Bearer {{API_TOKEN}}' },
          { key: 'X-Hidden', value: V.locked, locked: true },
          { key: 'X-Api-Key', value: V.query.replace('Qy7', 'Hk9') },
        ],
        queryParameters: [{ key: 'token', value: V.query }],
        body: `{"db": "${V.secretVar}"}`,
        bodyType: 'JSON',
        basicAuth: { username: 'monitor', password: V.basic },
      },
      environmentVariables: [
        { key: 'GH', value: V.github },
        { key: 'SECRET_GH', value: V.github, secret: true },
      ],
    })
    ids.api = String(api.id)
    const browser = await ok('/v1/checks/browser?autoAssignAlerts=false', {
      name: 'Login flow',
      activated: false,
      script: `const token = '${V.github}'\nawait page.goto('https://example.com')\n`,
    })
    ids.browser = String(browser.id)
    const group = await ok('/v2/check-groups?autoAssignAlerts=false', { name: 'Payments', environmentVariables: [{ key: 'AWS_KEY', value: V.aws }] })
    ids.group = String(group.id)
    const snippet = await ok('/v1/snippets', { name: 'Login', script: `const password = "${RANDOM}"\n` })
    ids.snippet = String(snippet.id)
    const channel = await ok('/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'Hook', url: 'https://hooks.example/x', headers: [{ key: 'Authorization', value: `Bearer ${V.hook}` }] },
    })
    ids.channel = String(channel.id)
    // A Slack channel's URL is its credential, and the only way to configure one: not a finding.
    await ok('/v1/alert-channels', { type: 'SLACK', config: { url: `https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/${RANDOM}` } })
  })
  afterAll(() => t.close())

  it('reports each readable credential at its field, with a redacted preview', async () => {
    const res = await t.call('GET', '/v1/secret-scans')
    expect(res.statusCode, res.body).toBe(200)
    const findings = res.json() as Json[]
    const brief = findings.map((f) => `${String(f.entityType)} ${String(f.entityId)} ${String(f.fieldPath)} ${String(f.fieldKey)} ${String(f.valuePreview)}`).sort()
    expect(brief).toEqual(
      [
        `ALERT_CHANNEL ${ids.channel} config.headers[0].value Authorization Zk4q…Ys`,
        `CHECK ${ids.api} environmentVariables[0].value GH ghp_…e5`,
        `CHECK ${ids.browser} script null ghp_…e5`,
        `CHECK ${ids.api} request.basicAuth.password null Bp2q…Ys`,
        `CHECK ${ids.api} request.body null prod…91`,
        `CHECK ${ids.api} request.headers[2].value X-Api-Key Hk9q…Ys`,
        `CHECK ${ids.api} request.queryParameters[0].value token Qy7q…Ys`,
        `CHECK_GROUP ${ids.group} environmentVariables[0].value AWS_KEY AKIA…45`,
        'ENVIRONMENT_VARIABLE STRIPE value STRIPE sk_l…Ys',
        `SNIPPET ${ids.snippet} script null q8Zr…Ys`,
      ].sort(),
    )
    expect(findings.find((f) => f.entityType === 'CHECK')).toMatchObject({ entityName: 'Orders API', checkType: 'API', project: null, logicalId: null })
    expect(findings.find((f) => f.entityId === ids.browser)).toMatchObject({ entityName: 'Login flow', checkType: 'BROWSER' })
    expect(findings.find((f) => f.entityType === 'CHECK_GROUP')).toMatchObject({ entityName: 'Payments', checkType: null })
    for (const value of Object.values(V)) expect(res.body.includes(value), value).toBe(false)
  })

  it("shows another account none of this account's findings", async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'GET', url: '/v1/secret-scans', headers: other.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })
})
