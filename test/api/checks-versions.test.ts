/**
 * GET /v2 and /v3 checks: the same checks, filters and pages as /v1, without the flat project fields; every version
 * reports a check's projects in projectBindings. A client walks the pages by the Link header's next page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { changeOf, deploy, request } from '../helpers/projects.js'

type Json = Record<string, unknown>

const FLAT = ['logicalId', 'project', 'member', 'pending']
const NOT_MANAGED = { owner: null, references: [] }

/** The URL of the next page, from a Link header. */
const nextOf = (link: unknown): string | undefined => /<([^>]+)>; rel="next"/.exec(String(link ?? ''))?.[1]

describe.each(testDbs)(
  'checks read on /v2 and /v3 on $name',
  (db) => {
    let t: TestApp
    const ids: string[] = []
    beforeAll(async () => {
      t = await startTestApp(db)
      for (let i = 0; i < 12; i++) {
        const res = await t.call('POST', '/v1/checks/url?autoAssignAlerts=false', {
          name: `Page ${i}`,
          tags: i % 3 === 0 ? ['home'] : ['other'],
          request: { url: `https://example.com/${i}` },
        })
        expect(res.statusCode, res.body).toBe(201)
        ids.push(String(res.json<Json>().id))
      }
    })
    afterAll(() => t.close())

    /** Every page of a list, from the first, following rel="next" until there is none. */
    async function walk(first: string): Promise<{ pages: Json[][]; ranges: string[] }> {
      const pages: Json[][] = []
      const ranges: string[] = []
      for (let url: string | undefined = first; url && pages.length < 20;) {
        const res = await t.call('GET', url)
        expect(res.statusCode, res.body).toBe(200)
        pages.push(res.json<Json[]>())
        ranges.push(String(res.headers['content-range']))
        url = nextOf(res.headers.link)
      }
      return { pages, ranges }
    }

    it.each(['v2', 'v3'])('walks every check of /%s/checks page by page, the same checks as /v1', async (version) => {
      const { pages, ranges } = await walk(`/${version}/checks?limit=5`)
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2])
      expect(ranges).toEqual(['0-4/12', '5-9/12', '10-11/12'])
      const seen = pages.flat().map((c) => String(c.id))
      expect(new Set(seen).size).toBe(12)
      expect([...seen].sort()).toEqual([...ids].sort())
      const v1 = (await walk('/v1/checks?limit=5')).pages.flat()
      expect(seen).toEqual(v1.map((c) => String(c.id)))
      for (const check of pages.flat()) {
        for (const field of FLAT) expect(check).not.toHaveProperty(field)
        expect(check.projectBindings).toEqual(NOT_MANAGED)
      }
    })

    it.each(['v2', 'v3'])('keeps the filters of /v1 on /%s/checks', async (version) => {
      const { pages } = await walk(`/${version}/checks?limit=2&tag=home`)
      expect(pages.flat().map((c) => c.name)).toEqual(expect.arrayContaining(['Page 0', 'Page 3', 'Page 6', 'Page 9']))
      expect(pages.flat()).toHaveLength(4)
      const none = await t.call('GET', `/${version}/checks?checkType=SSL`)
      expect(none.json()).toEqual([])
    })

    it.each(['v2', 'v3'])('reads one check on /%s/checks/{id} as /v1 does, less the flat project fields', async (version) => {
      const v1 = (await t.call('GET', `/v1/checks/${ids[0] ?? ''}`)).json<Json>()
      expect(v1).toMatchObject({ logicalId: null, project: null, member: null, pending: null, projectBindings: NOT_MANAGED })
      const res = await t.call('GET', `/${version}/checks/${ids[0] ?? ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const expected = Object.fromEntries(Object.entries(v1).filter(([key]) => !FLAT.includes(key)))
      expect(res.json()).toEqual(expected)
    })

    it('reports the project that deployed a check in projectBindings on every version, and flat on /v1 only', async () => {
      const answer = await deploy(
        t,
        request('shop-app', [{ kind: 'check', logicalId: 'home', checkType: 'url', payload: { name: 'Shop home', request: { url: 'https://shop.example.com/' } } }], 'Shop'),
      )
      const id = String(changeOf(answer, 'check', 'home').id)
      const project = { id: (answer.project as Json).id, logicalId: 'shop-app', name: 'Shop' }
      const bindings = { owner: { project, binding: { logicalId: 'home', pending: false } }, references: [] }
      const v1 = (await t.call('GET', `/v1/checks/${id}`)).json<Json>()
      expect(v1).toMatchObject({ logicalId: 'home', project, member: true, pending: false, projectBindings: bindings })
      for (const version of ['v2', 'v3']) {
        const read = (await t.call('GET', `/${version}/checks/${id}`)).json<Json>()
        expect(read.projectBindings).toEqual(bindings)
        for (const field of FLAT) expect(read).not.toHaveProperty(field)
      }
    })

    it.each(['v2', 'v3'])('needs credentials on /%s and keeps accounts apart', async (version) => {
      const anonymous = await t.app.inject({ method: 'GET', url: `/${version}/checks` })
      expect(anonymous.statusCode).toBe(401)
      const other = await t.otherAccount()
      const theirs = await t.app.inject({ method: 'GET', url: `/${version}/checks`, headers: other.headers })
      expect(theirs.json()).toEqual([])
      const one = await t.app.inject({ method: 'GET', url: `/${version}/checks/${ids[0] ?? ''}`, headers: other.headers })
      expect(one.statusCode).toBe(404)
    })
  },
  // The first request of a file compiles the check view unions (about 60 KB of schema each), which takes tens of
  // seconds on a loaded machine: a time limit, not a timing assertion.
  { timeout: 120_000 },
)
