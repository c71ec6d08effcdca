/**
 * The secret scan's detection core: token shapes anywhere, secret variable values, random values in fields named
 * like credentials or assigned to such names; references, placeholders, words and ordinary text are not findings.
 * Token-shaped test values are assembled at run time, so that the repository holds nothing that looks like a key.
 */
import { describe, expect, it } from 'vitest'
import { detectCredential, entropy, previewOf } from '../../src/domain/secret-scans/detect.js'
import { scanEntities } from '../../src/domain/secret-scans/scan.js'

const RANDOM = 'q8Zr3LmN0pXv7TbK2wYs'
const rep = (s: string, n: number) => s.repeat(n)
const jwt = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join('.')

describe('detectCredential', () => {
  it.each([
    { name: 'an AWS access key id', value: `aws_key=${'AKIA'}${rep('ABCD2345', 2)}`, rule: 'aws-access-key-id' },
    { name: 'a GitHub token in a script', value: `const gh = "${'ghp_'}${rep('a1B2c3D4e5', 4)}"`, rule: 'github-token' },
    { name: 'a fine-grained GitHub token', value: `${'github_pat_'}${rep('11ABCDEFG0', 3)}`, rule: 'github-token' },
    { name: 'a Slack bot token', value: `${'xoxb'}-1234567890-0987654321-${RANDOM}`, rule: 'slack-token' },
    { name: 'a Slack webhook URL', value: `https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/${RANDOM}`, rule: 'slack-webhook' },
    { name: 'a Stripe secret key', value: `${'sk_live_'}${RANDOM}`, rule: 'stripe-key' },
    { name: 'a Google API key', value: `key=${'AIza'}${rep('Sy0123456789abcdefg', 2).slice(0, 35)}`, rule: 'google-api-key' },
    { name: 'a bearer JWT', value: `Bearer ${jwt}`, rule: 'jwt' },
    { name: 'a private key block', value: '-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----', rule: 'private-key' },
    { name: 'an OpenSSH private key block', value: '-----BEGIN OPENSSH PRIVATE KEY-----', rule: 'private-key' },
    { name: 'credentials in a URL', value: `postgres://app:${RANDOM}@db.internal:5432/app`, rule: 'url-credentials' },
    { name: 'a password assignment', value: `const password = "${RANDOM}";`, rule: 'credential-assignment' },
    { name: 'a JSON api key', value: `{"apiKey": "${RANDOM}", "user": "me"}`, rule: 'credential-assignment' },
    { name: 'a form-encoded client secret', value: `grant_type=client_credentials&client_secret=${RANDOM}`, rule: 'credential-assignment' },
    { name: 'a random Authorization header value', value: `Token ${RANDOM}`, key: 'Authorization', rule: 'credential-named-field' },
    { name: 'a random X-API-Key header value', value: RANDOM, key: 'X-API-Key', rule: 'credential-named-field' },
    { name: 'an inline Basic auth password', value: 'monitor123', credential: true, rule: 'inline-password' },
    { name: "a secret variable's value", value: 'https://api.test/?v=hunter2-prod', secrets: ['hunter2-prod'], rule: 'secret-variable-value' },
  ])('finds $name', ({ value, key, secrets, credential, rule }) => {
    expect(detectCredential(value, { fieldKey: key ?? null, secretValues: secrets ?? [], credentialField: credential ?? false })?.rule).toBe(rule)
  })

  it.each([
    { name: 'a variable reference', value: 'Bearer {{API_TOKEN}}', key: 'Authorization' },
    { name: 'an environment lookup', value: 'const token = process.env.API_TOKEN' },
    { name: 'a template literal of a variable', value: 'const password = `${process.env.PW}`' },
    { name: 'a masked value', value: '********', key: 'Authorization' },
    { name: 'a placeholder', value: 'password: "changeme"' },
    { name: 'a word in a credential-named field', value: 'application/json', key: 'X-Auth-Mode' },
    { name: 'an ordinary URL', value: 'https://api.example.com/v1/users?page=2' },
    { name: 'ordinary script text', value: "await page.goto('https://example.com'); expect(await page.title()).toBe('Example')" },
    { name: 'a uuid in a plain field', value: '3f1c1a52-7d1e-4c3b-9d7e-1f0a2b3c4d5e', key: 'X-Request-Id' },
    { name: 'a short secret variable value', value: 'on', secrets: ['on'] },
    { name: 'an empty value', value: '' },
    { name: 'a Basic auth password from a variable', value: '{{BASIC_PASSWORD}}', credential: true },
  ])('ignores $name', ({ value, key, secrets, credential }) => {
    expect(detectCredential(value, { fieldKey: key ?? null, secretValues: secrets ?? [], credentialField: credential ?? false })).toBeNull()
  })
})

describe('previewOf and entropy', () => {
  it.each([
    { match: `sk_live_${RANDOM}`, preview: 'sk_l…Ys' },
    { match: 'hunter2-prod', preview: 'hu…' },
    { match: 'abc', preview: '…' },
  ])('previews $match as $preview', ({ match, preview }) => {
    expect(previewOf(match)).toBe(preview)
  })
  it('measures bits per character', () => {
    expect(entropy('aaaa')).toBe(0)
    expect(entropy('abcd')).toBe(2)
    expect(entropy('')).toBe(0)
  })
})

describe('scanEntities', () => {
  it('names the project and logical id of a managed resource, and withholds previews of integrations', () => {
    const field = { fieldPath: 'request.headers[0].value', fieldKey: 'Authorization', value: `Bearer ${RANDOM}` }
    const owner = { logicalId: 'orders-api', project: { logicalId: 'shop', name: 'Shop' } }
    const base = { entityId: 'c1', entityName: 'Orders', checkType: 'API', fields: [field] }
    expect(
      scanEntities(
        [
          { ...base, entityType: 'CHECK', owner },
          { ...base, entityType: 'INTEGRATION', entityId: 'i1', checkType: null, owner: null },
          { ...base, entityType: 'CHECK', entityId: 'c2', owner: null, fields: [{ ...field, value: 'Bearer {{TOKEN}}' }] },
        ],
        [],
      ),
    ).toEqual([
      {
        entityType: 'CHECK',
        entityId: 'c1',
        entityName: 'Orders',
        checkType: 'API',
        project: { logicalId: 'shop', name: 'Shop' },
        logicalId: 'orders-api',
        fieldPath: field.fieldPath,
        fieldKey: 'Authorization',
        valuePreview: 'q8Zr…Ys',
      },
      {
        entityType: 'INTEGRATION',
        entityId: 'i1',
        entityName: 'Orders',
        checkType: null,
        project: null,
        logicalId: null,
        fieldPath: field.fieldPath,
        fieldKey: 'Authorization',
        valuePreview: null,
      },
    ])
  })
})
