/**
 * The rules that also run on a body that failed its schema look only at values of the right shape: a wrong type
 * is left to the schema (no crash, no second reason), and a well-formed part is still judged.
 */
import { describe, expect, it } from 'vitest'
import { subscriptionTarget } from '../../src/domain/alert-channels/build-doc.js'
import { FieldErrorCollector, ValidationError, type FieldErrors } from '../../src/domain/errors.js'
import { buildPrivateLocationDoc, updatePrivateLocationDoc } from '../../src/domain/private-locations.js'
import { buildSnippetDoc } from '../../src/domain/snippets.js'
import { cardServiceFields } from '../../src/domain/status-pages/page-rules.js'
import { serviceRefFields } from '../../src/domain/status-pages/service-ref.js'
import { sessionSelector } from '../../src/services/checks/check-sessions.js'

const ID = '0A1B2C3D-0000-4000-8000-000000000000'
const id = ID.toLowerCase()

const fieldsOf = (build: () => unknown): FieldErrors => {
  try {
    build()
    return {}
  } catch (err) {
    if (err instanceof ValidationError) return err.fields
    throw err
  }
}

describe('subscriptionTarget', () => {
  it.each<{ name: string; body: Record<string, unknown>; target: unknown; fields: FieldErrors }>([
    { name: 'a check', body: { checkId: 'c1', activated: true }, target: { checkId: 'c1' }, fields: {} },
    { name: 'a group', body: { groupId: 3, activated: false }, target: { groupId: 3 }, fields: {} },
    { name: 'a bad activated keeps the target', body: { checkId: 'c1', activated: 'yes' }, target: { checkId: 'c1' }, fields: { activated: 'must be boolean' } },
    {
      name: 'both',
      body: { checkId: 'c1', groupId: 3, activated: true },
      target: undefined,
      fields: { checkId: 'give either checkId or groupId, not both', groupId: 'give either checkId or groupId, not both' },
    },
    {
      name: 'neither',
      body: {},
      target: undefined,
      fields: { checkId: 'either checkId or groupId is required', groupId: 'either checkId or groupId is required', activated: 'is required' },
    },
    { name: 'a group that is not an id', body: { groupId: 'x', activated: true }, target: undefined, fields: { groupId: 'must be a positive integer' } },
  ])('$name', ({ body, target, fields }) => {
    const errors = new FieldErrorCollector()
    expect(subscriptionTarget(body, errors).target).toEqual(target)
    expect(errors.fields).toEqual(fields)
  })
})

describe('service references', () => {
  it.each<{ name: string; refs: unknown; want: Array<{ field: string; serviceId: string }> }>([
    {
      name: 'ids and objects, lowercased',
      refs: [ID, { id: ID }],
      want: [
        { field: 'services[0]', serviceId: id },
        { field: 'services[1]', serviceId: id },
      ],
    },
    { name: 'not a list', refs: 'x', want: [] },
    { name: 'wrong entries skipped, positions kept', refs: [null, 5, { id: 7 }, ID], want: [{ field: 'services[3]', serviceId: id }] },
  ])('$name', ({ refs, want }) => {
    expect(serviceRefFields(refs, 'services')).toEqual(want)
  })

  it('reads cards of any shape', () => {
    expect(cardServiceFields('x')).toEqual([])
    expect(cardServiceFields([null, 'x', { services: 'y' }, { services: [ID] }])).toEqual([{ field: 'cards[3].services[0]', serviceId: id }])
  })
})

describe('rules on bodies of the wrong types', () => {
  it.each<{ name: string; build: () => unknown; fields: FieldErrors }>([
    { name: 'snippet: blank name, script not text', build: () => buildSnippetDoc({ name: '  ', script: 42 }), fields: { name: 'must not be blank' } },
    {
      name: 'snippet: name not text, script too big',
      build: () => buildSnippetDoc({ name: [], script: 'x'.repeat(512 * 1024 + 1) }),
      fields: { script: 'must be at most 512 KiB' },
    },
    {
      name: 'location: slug not text, bad proxy',
      build: () => buildPrivateLocationDoc({ slugName: 7, proxyUrl: 'ftp://p.test' }),
      fields: { proxyUrl: 'must start with http:// or https://' },
    },
    {
      name: 'location: region slug, proxy not text',
      build: () => buildPrivateLocationDoc({ slugName: 'eu-west-1', proxyUrl: {} }),
      fields: { slugName: 'must not look like a data-center region (such as us-east-1)' },
    },
    {
      name: 'location update: proxy not text',
      build: () => updatePrivateLocationDoc({ name: 'a', slugName: 'a', icon: 'location', proxyUrl: null }, { name: 5, proxyUrl: 5 }),
      fields: {},
    },
  ])('$name', ({ build, fields }) => {
    expect(fieldsOf(build)).toEqual(fields)
  })
})

describe('sessionSelector', () => {
  it.each<{ name: string; target: unknown; want: unknown }>([
    { name: 'check ids first', target: { checkId: ['a'], matchTags: [['x']] }, want: { checkIds: ['a'] } },
    { name: 'tags when no ids', target: { checkId: [], matchTags: [['x']] }, want: { matchTags: [['x']] } },
  ])('$name', ({ target, want }) => {
    expect(sessionSelector(target)).toEqual(want)
  })

  it.each([{}, { checkId: [] }, { checkId: 'a' }, null, 'x', undefined])('a 400 naming target for %j', (target) => {
    expect(fieldsOf(() => sessionSelector(target))).toEqual({ target: 'must name checkId or matchTags' })
  })
})
