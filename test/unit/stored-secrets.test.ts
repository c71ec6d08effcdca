/** Which values of stored documents are sealed (domain/secrets/stored-secrets.ts): pure table tests. */
import { describe, expect, it } from 'vitest'
import { mapStoredSecrets, storedSecretValues, type SecretHolder } from '../../src/domain/secrets/stored-secrets.js'

type Doc = Record<string, unknown>
const mark = (v: string) => `<${v}>`

describe('mapStoredSecrets', () => {
  it.each<[string, SecretHolder, Doc, Doc]>([
    [
      'a check: secret variables only, its Basic auth and Playwright passwords, its ping token',
      'check',
      {
        name: 'c',
        environmentVariables: [
          { key: 'A', value: 'a', secret: true },
          { key: 'B', value: 'b', locked: true },
          { key: 'C', value: '', secret: true },
        ],
        request: { url: 'https://x.test', headers: [{ key: 'H', value: 'h' }], basicAuth: { username: 'u', password: 'p' } },
        playwrightConfig: { use: { httpCredentials: { username: 'u', password: 'q' } } },
        heartbeat: { period: 1, pingToken: 'tok' },
      },
      {
        name: 'c',
        environmentVariables: [
          { key: 'A', value: '<a>', secret: true },
          { key: 'B', value: 'b', locked: true },
          { key: 'C', value: '', secret: true },
        ],
        request: { url: 'https://x.test', headers: [{ key: 'H', value: 'h' }], basicAuth: { username: 'u', password: '<p>' } },
        playwrightConfig: { use: { httpCredentials: { username: 'u', password: '<q>' } } },
        heartbeat: { period: 1, pingToken: '<tok>' },
      },
    ],
    [
      'a check without any',
      'check',
      { name: 'c', request: { basicAuth: null }, heartbeat: { pingToken: null } },
      { name: 'c', request: { basicAuth: null }, heartbeat: { pingToken: null } },
    ],
    [
      'a group: secret variables and the Basic auth password of its API check defaults',
      'checkGroup',
      { environmentVariables: [{ key: 'G', value: 'g', secret: true }], apiCheckDefaults: { url: 'u', basicAuth: { username: 'x', password: 'y' } } },
      { environmentVariables: [{ key: 'G', value: '<g>', secret: true }], apiCheckDefaults: { url: 'u', basicAuth: { username: 'x', password: '<y>' } } },
    ],
    [
      'a webhook: URL, header and query values, signing secret; not the names',
      'alertChannel',
      {
        type: 'WEBHOOK',
        config: {
          name: 'n',
          url: 'https://h/t',
          headers: [{ key: 'Authorization', value: 'Bearer z' }],
          queryParameters: [{ key: 'k', value: 'v' }],
          webhookSecret: 's',
          template: 't',
        },
      },
      {
        type: 'WEBHOOK',
        config: {
          name: 'n',
          url: '<https://h/t>',
          headers: [{ key: 'Authorization', value: '<Bearer z>' }],
          queryParameters: [{ key: 'k', value: '<v>' }],
          webhookSecret: '<s>',
          template: 't',
        },
      },
    ],
    [
      'a Slack channel: its URL',
      'alertChannel',
      { type: 'SLACK', config: { url: 'https://s/x', channel: '#c' } },
      { type: 'SLACK', config: { url: '<https://s/x>', channel: '#c' } },
    ],
    ['an e-mail channel: nothing', 'alertChannel', { type: 'EMAIL', config: { address: 'a@b.test' } }, { type: 'EMAIL', config: { address: 'a@b.test' } }],
    [
      'a notification payload: the channel config it copied',
      'notificationPayload',
      { alert: { id: 'a' }, alertConfig: { url: 'https://h/t', webhookSecret: null, headers: [] } },
      { alert: { id: 'a' }, alertConfig: { url: '<https://h/t>', webhookSecret: null, headers: [] } },
    ],
  ])('%s', (_name, holder, doc, expected) => {
    const before = JSON.stringify(doc)
    expect(mapStoredSecrets(holder, doc, mark)).toEqual(expected)
    expect(JSON.stringify(doc)).toBe(before)
  })

  it('returns the same object when there is nothing secret', () => {
    const doc = { type: 'EMAIL', config: { address: 'a@b.test' } }
    expect(mapStoredSecrets('alertChannel', doc, mark)).toBe(doc)
  })

  it('lists the secret values of a document', () => {
    expect(
      storedSecretValues('checkGroup', {
        environmentVariables: [
          { key: 'G', value: 'g', secret: true },
          { key: 'P', value: 'p' },
        ],
      }),
    ).toEqual(['g'])
  })
})
