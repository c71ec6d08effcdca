/**
 * Bodies nested absurdly deep (a recursive walk of them would overflow the stack) are refused with a 400 that
 * names where, on every JSON route, before anything is read or written; bodies as deep as the limit are served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { request, rowCounts } from '../helpers/projects.js'
import type { DeployRequest } from '../../src/domain/projects/deploy-request.js'
import { ValidationError } from '../../src/domain/errors.js'

const MARK = '"__DEEP__"'
/** `{"x":{"x":…1…}}`, `levels` objects deep; written as text, since JSON.stringify itself recurses. */
const deepObject = (levels: number): string => `${'{"x":'.repeat(levels)}1${'}'.repeat(levels)}`
const deepArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`
/** The body as JSON text, with the deep value where `MARK` is. */
const bodyWith = (body: unknown, deep: string): string => JSON.stringify(body).replace(MARK, deep)

/** A check in a group, by reference, with the deep value in the check's payload. */
const deployBody = (where: 'payload' | 'array'): DeployRequest =>
  request('deep-app', [
    { kind: 'check-group', logicalId: 'backend', payload: { name: 'Backend' } },
    {
      kind: 'check',
      logicalId: 'home',
      checkType: 'api',
      payload: {
        name: 'Home',
        request: { url: 'https://example.com/' },
        groupId: { $ref: 'check-group:backend' },
        ...(where === 'payload' ? { deep: '__DEEP__', tags: ['web'] } : { tags: ['web', '__DEEP__'] }),
      },
    },
  ])

const apiCheck = { name: 'deep', activated: false, request: { url: 'https://example.com', extra: '__DEEP__' } }

describe.each(testDbs)('deeply nested bodies on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it.each([
    { route: 'deploy, in a payload', url: '/v1/projects/deploy', body: deployBody('payload'), deep: deepObject(20_000), at: /^resources\[1\]\.payload\.deep(\.x)+/ },
    { route: 'deploy, in an array', url: '/v1/projects/deploy', body: deployBody('array'), deep: deepArray(20_000), at: /^resources\[1\]\.payload\.tags\[1\](\[0\])+/ },
    { route: 'deploy, just past the limit', url: '/v1/projects/deploy', body: deployBody('payload'), deep: deepObject(61), at: /^resources\[1\]\.payload\.deep(\.x){60}$/ },
    { route: 'API check, in a known object', url: '/v1/checks/api', body: apiCheck, deep: deepObject(20_000), at: /^request\.extra(\.x)+/ },
    {
      route: 'API check, as an unknown key',
      url: '/v1/checks/api',
      body: { ...apiCheck, request: { url: 'https://example.com' }, zzz: '__DEEP__' },
      deep: deepArray(20_000),
      at: /^zzz(\[0\])+/,
    },
    { route: 'variable', url: '/v1/variables', body: { key: 'DEEP', value: 'v', more: '__DEEP__' }, deep: deepObject(20_000), at: /^more(\.x)+/ },
    { route: 'sign-in (no key needed)', url: '/v1/auth/sign-in', body: { email: 'a@example.com', password: '__DEEP__' }, deep: deepArray(20_000), at: /^password(\[0\])+/ },
  ])('$route: 400 naming where, nothing written', async ({ url, body, deep, at }) => {
    const before = await rowCounts(t)
    const res = await t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'application/json' }, payload: bodyWith(body, deep) })
    expect(res.statusCode, res.body.slice(0, 500)).toBe(400)
    const answer = res.json<{ statusCode: number; error: string; message: string; attributes: Record<string, string> }>()
    expect(answer).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    const fields = Object.keys(answer.attributes)
    expect(fields).toHaveLength(1)
    expect(fields[0]).toMatch(at)
    expect(answer.attributes[fields[0] ?? '']).toMatch(/nested deeper than 64 levels/)
    expect(answer.message).toMatch(/nested deeper than 64 levels/)
    expect(await rowCounts(t)).toEqual(before)
  })

  it('a deploy made without HTTP names the resource whose payload nests too deep, and writes nothing', async () => {
    const before = await rowCounts(t)
    let deep: unknown = 1
    for (let i = 0; i < 20_000; i++) deep = { x: deep }
    const body = deployBody('payload')
    const home = body.resources[1]
    if (home) home.payload = { ...home.payload, deep }
    const failed = await t.services.projects.deploy(t.accountId, body, { preview: false }).catch((err: unknown) => err)
    expect(failed).toBeInstanceOf(ValidationError)
    const fields = Object.keys((failed as ValidationError).fields)
    expect(fields).toHaveLength(1)
    expect(fields[0]).toMatch(/^resources\[1\] \(check:home\)\.deep(\.x){63}$/)
    expect(await rowCounts(t)).toEqual(before)
  })

  it.each([
    { route: 'deploy', url: '/v1/projects/deploy', body: deployBody('payload'), deep: deepObject(60), status: 200 },
    { route: 'API check', url: '/v1/checks/api', body: apiCheck, deep: deepObject(62), status: 201 },
  ])('$route: a body 64 levels deep is served', async ({ url, body, deep, status }) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'application/json' }, payload: bodyWith(body, deep) })
    expect(res.statusCode, res.body.slice(0, 500)).toBe(status)
  })
})
