/**
 * The assets of a browser result through the HTTP API on both databases: the manifest (checked against the
 * reference's AssetManifest schema) with its type and name filters, downloads with their headers, images shown
 * inline, the account named in the query of a file's link, account scoping, the asset URLs of the result itself,
 * retention and the files of a deleted check.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { strToU8, zipSync } from 'fflate'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/build-app.js'
import { FakeClock } from '../../src/lib/clock.js'
import type { RunArtifact } from '../../src/runners/contract.js'
import { buildServices, type Services } from '../../src/services/index.js'
import { artifactFiles, type StoredAsset } from '../../src/store/artifact-files.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { Store } from '../../src/store/db.js'
import type { CheckResultRow } from '../../src/store/run-rows.js'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL } from '../helpers/app.js'

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', ...extra })
/** The reference OpenAPI's AssetManifest (with its AssetManifestEntry inlined), transcribed without descriptions. */
const REFERENCE_ASSET_MANIFEST = {
  type: 'object',
  required: ['assets'],
  properties: {
    assets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'name', 'url', 'source'],
        properties: {
          type: str({ enum: ['log', 'trace', 'video', 'screenshot', 'pcap', 'report', 'file'] }),
          name: str({ minLength: 1 }),
          url: str({ format: 'uri' }),
          contentType: str({ minLength: 1 }),
          source: {
            type: 'object',
            required: ['type'],
            properties: {
              type: str({ enum: ['check-result', 'test-session-result'] }),
              checkId: str({ format: 'uuid' }),
              checkName: str({ minLength: 1 }),
              checkType: str({ minLength: 1 }),
              resultId: str({ format: 'uuid' }),
              testSessionId: str({ format: 'uuid' }),
            },
          },
          archive: { type: 'object', required: ['entryName'], properties: { entryName: str({ minLength: 1 }) } },
        },
      },
    },
    truncated: { type: 'boolean' },
    entriesReturned: { type: 'integer', minimum: 0 },
    entriesTotal: { type: 'integer', minimum: 0 },
  },
}
const validManifest = addFormats(new Ajv({ strict: false, allErrors: true })).compile(REFERENCE_ASSET_MANIFEST)

const NOW = Date.UTC(2026, 2, 1, 12)
const DAY = 86_400_000
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x10])
const TRACE = Buffer.from(zipSync({ 'trace.trace': strToU8('{"type":"action"}'), 'resources/shot.png': PNG }))

interface Kit {
  services: Services
  store: Store
  clock: FakeClock
  root: string
  runDir: string
  headers: Record<string, string>
  call(url: string, headers?: Record<string, string>, method?: 'GET' | 'DELETE'): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

for (const db of testDbs) {
  describe(`check result assets on ${db.name}`, () => {
    let k: Kit
    let checkId: string
    const resultId = randomUUID()
    let stored: StoredAsset[]
    const assetsUrl = () => `/v1/check-results/${checkId}/${resultId}/assets`

    beforeAll(async () => {
      const work = await mkdtemp(path.join(tmpdir(), 'picket-assets-'))
      const root = path.join(work, 'artifacts')
      const runDir = path.join(work, 'run')
      await mkdir(runDir)
      const clock = new FakeClock(NOW)
      const store = await db.open()
      const services = buildServices({ store, clock, publicBaseUrl: PUBLIC_BASE_URL, artifacts: artifactFiles(root), artifactRetentionDays: 7 })
      const boot = await services.accounts.bootstrap({})
      const app = await buildApp({ services, publicBaseUrl: PUBLIC_BASE_URL, rateLimit: { max: 100_000, windowMs: 60_000 } })
      const headers = { authorization: `Bearer ${boot.apiKey ?? ''}`, 'x-service-account': boot.accountId }
      k = {
        services,
        store,
        clock,
        root,
        runDir,
        headers,
        call: (url, extra, method = 'GET') => app.inject({ method, url, headers: extra ?? headers }),
        close: async () => {
          await app.close()
          await store.close()
          await rm(work, { recursive: true, force: true })
        },
      }
      const created = await app.inject({
        method: 'POST',
        url: '/v1/checks/browser',
        headers,
        payload: { name: 'Journey', script: "const { test } = require('@playwright/test')\ntest('x', async () => {})" },
      })
      expect(created.statusCode, created.body).toBe(201)
      checkId = created.json<{ id: string }>().id

      const produce = async (type: RunArtifact['type'], name: string, contentType: string, bytes: Buffer | string): Promise<RunArtifact> => {
        await writeFile(path.join(runDir, name), bytes)
        return { type, name, path: path.join(runDir, name), contentType }
      }
      stored = await artifactFiles(root).save({ accountId: boot.accountId, checkId, resultId }, [
        await produce('trace', 'trace.zip', 'application/zip', TRACE),
        await produce('report', 'report.json', 'application/json', '{"suites":[]}'),
        await produce('screenshot', 'Home-Page.png', 'image/png', PNG),
        await produce('log', 'run.log', 'text/plain', 'line 1\nline 2\n'),
      ])
      expect(stored).toHaveLength(4)
      const row: CheckResultRow = {
        id: resultId,
        account_id: boot.accountId,
        check_id: checkId,
        check_type: 'BROWSER',
        sequence_id: randomUUID(),
        run_job_id: 'job-1',
        attempt: 1,
        result_type: 'FINAL',
        location: 'eu-west-1',
        status: 'passing',
        has_failures: 0,
        has_errors: 0,
        is_degraded: 0,
        over_max_response_time: 0,
        response_time: 1200,
        error_kind: null,
        error_message: null,
        status_code: null,
        scheduled_at: NOW - 2000,
        started_at: NOW - 2000,
        stopped_at: NOW - 800,
        trigger: 'SCHEDULER',
        session_id: null,
        doc: JSON.stringify({ timingPhases: {}, assertions: [], jobLog: [], details: { runtimeVersion: '2025.04', assets: stored } }),
        metrics: null,
        created_at: NOW,
      }
      await buildStores(store).results.insertMany([row])
    })
    afterAll(() => k.close())

    const url = (name: string) => `${PUBLIC_BASE_URL}/v1/check-results/${checkId}/${resultId}/assets/${name}`

    it('lists every asset as the reference AssetManifest', async () => {
      const res = await k.call(assetsUrl())
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json<{ assets: Array<Record<string, unknown>> }>()
      expect(validManifest(body), JSON.stringify(validManifest.errors)).toBe(true)
      const source = { type: 'check-result', checkId, checkName: 'Journey', checkType: 'BROWSER', resultId }
      expect(body).toEqual({
        assets: [
          { type: 'trace', name: 'trace.zip', url: url('trace.zip'), contentType: 'application/zip', source },
          { type: 'report', name: 'report.json', url: url('report.json'), contentType: 'application/json', source },
          { type: 'screenshot', name: 'Home-Page.png', url: url('Home-Page.png'), contentType: 'image/png', source },
          { type: 'log', name: 'run.log', url: url('run.log'), contentType: 'text/plain', source },
        ],
      })
    })

    it.each<[string, string, string[]]>([
      ['one type', 'type=trace', ['trace.zip']],
      ['repeated types', 'type=trace&type=log', ['trace.zip', 'run.log']],
      ['a type with no asset (pcap)', 'type=pcap', []],
      ['a case-insensitive glob', 'name=*.PNG', ['Home-Page.png']],
      ['? for one character', 'name=r?n.l?g', ['run.log']],
      ['a glob matching the whole name only', 'name=run', []],
      ['regex characters taken literally', 'name=report%2Bjson', []],
      ['an empty pattern (ignored)', 'name=', ['trace.zip', 'report.json', 'Home-Page.png', 'run.log']],
      ['type and name together', 'type=report&type=log&name=r*', ['report.json', 'run.log']],
    ])('filters by %s', async (_name, query, names) => {
      const res = await k.call(`${assetsUrl()}?${query}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<{ assets: Array<{ name: string }> }>().assets.map((a) => a.name)).toEqual(names)
    })

    it('refuses an unknown type and an over-long pattern with a 400 naming the parameter', async () => {
      for (const [query, field] of [
        ['type=bogus', /^type/],
        [`name=${'*'.repeat(201)}`, /^name$/],
      ] as const) {
        const res = await k.call(`${assetsUrl()}?${query}`)
        expect(res.statusCode, res.body).toBe(400)
        const body = res.json<{ statusCode: number; error: string; attributes: Record<string, string> }>()
        expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
        expect(
          Object.keys(body.attributes).some((key) => field.test(key)),
          res.body,
        ).toBe(true)
      }
    })

    it('downloads each file with its type, length and an attachment name', async () => {
      for (const [name, type, bytes] of [
        ['trace.zip', 'application/zip', TRACE],
        ['report.json', 'application/json', Buffer.from('{"suites":[]}')],
        ['Home-Page.png', 'image/png', PNG],
      ] as const) {
        const res = await k.call(`${assetsUrl()}/${name}`)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.headers['content-type']).toBe(type)
        expect(res.headers['content-length']).toBe(String(bytes.length))
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`)
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.rawPayload.equals(bytes)).toBe(true)
      }
    })

    it('shows an image inline with its stored type, nosniff and a CSP that runs nothing; anything else only downloads', async () => {
      const res = await k.call(`${assetsUrl()}/Home-Page.png?disposition=inline`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline; filename="Home-Page.png"', 'x-content-type-options': 'nosniff' })
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';.*; sandbox$/)
      expect(res.rawPayload.equals(PNG)).toBe(true)
      for (const query of ['trace.zip?disposition=inline', 'report.json?disposition=inline', 'run.log?disposition=inline', 'Home-Page.png?disposition=bogus']) {
        const refused = await k.call(`${assetsUrl()}/${query}`)
        expect(refused.statusCode, `${query} ${refused.body}`).toBe(400)
        expect(
          Object.keys(refused.json<{ attributes: Record<string, string> }>().attributes).some((key) => /disposition/.test(key)),
          refused.body,
        ).toBe(true)
      }
    })

    it('takes the account of a file from the account query parameter when no header names one', async () => {
      const own = k.headers['x-service-account'] ?? ''
      const key = { authorization: k.headers.authorization ?? '' }
      const other = await k.services.accounts.createAccount('Elsewhere')
      const otherKey = { authorization: `Bearer ${other.apiKey}` }
      const cases: Array<[string, Record<string, string>, number]> = [
        [`${assetsUrl()}/report.json?account=${own}`, key, 200],
        [`${assetsUrl()}/report.json`, key, 401],
        [`${assetsUrl()}/report.json?account=${own}`, otherKey, 401],
        [`${assetsUrl()}/report.json?account=${other.accountId}`, otherKey, 404],
        // The header wins over the parameter.
        [`${assetsUrl()}/report.json?account=${other.accountId}`, k.headers, 200],
        // Only the file route takes it.
        [`${assetsUrl()}?account=${own}`, key, 401],
      ]
      for (const [target, headers, status] of cases) expect((await k.call(target, headers)).statusCode, `${target} ${JSON.stringify(Object.keys(headers))}`).toBe(status)
    })

    it('answers 404 in the error body for unknown names, results and checks, and for another account', async () => {
      const other = await k.services.accounts.createAccount('Other')
      const otherHeaders = { authorization: `Bearer ${other.apiKey}`, 'x-service-account': other.accountId }
      const cases: Array<[string, Record<string, string>, RegExp]> = [
        [`${assetsUrl()}/unknown.txt`, k.headers, /Asset unknown\.txt not found/],
        [`${assetsUrl()}/..%2F..%2Fpicket.db`, k.headers, /not found/],
        [`/v1/check-results/${checkId}/${randomUUID()}/assets`, k.headers, /Check result .* not found/],
        [`/v1/check-results/${randomUUID()}/${resultId}/assets`, k.headers, /Check .* not found/],
        [assetsUrl(), otherHeaders, /Check .* not found/],
        [`${assetsUrl()}/report.json`, otherHeaders, /Check .* not found/],
      ]
      for (const [target, headers, message] of cases) {
        const res = await k.call(target, headers)
        expect(res.statusCode, `${target} ${res.body}`).toBe(404)
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(message), attributes: {} })
      }
      expect((await k.call(assetsUrl(), {})).statusCode).toBe(401)
    })

    it('shows the asset URLs in the result itself', async () => {
      const res = await k.call(`/v1/check-results/${checkId}/${resultId}`)
      expect(res.statusCode, res.body).toBe(200)
      const shown = res.json<{ browserCheckResult: Record<string, unknown> }>().browserCheckResult
      expect(shown).toMatchObject({
        runtimeVersion: '2025.04',
        playwrightTestTraces: [url('trace.zip')],
        playwrightTestVideos: [],
        playwrightTestJsonReportFile: url('report.json'),
        jobAssets: [url('trace.zip'), url('report.json'), url('Home-Page.png'), url('run.log')],
      })
      expect(shown).not.toHaveProperty('assets')
      const listed = await k.call(`/v1/check-results/${checkId}`)
      expect(listed.json<Array<{ browserCheckResult: { playwrightTestTraces: string[] } }>>()[0]?.browserCheckResult.playwrightTestTraces).toEqual([url('trace.zip')])
    })

    it('keeps files for the retention days, then the file is gone but the manifest still lists it', async () => {
      k.clock.set(Date.now() + 6 * DAY)
      expect(await k.services.artifacts.prune()).toBe(0)
      k.clock.set(Date.now() + 8 * DAY)
      expect(await k.services.artifacts.prune()).toBe(1)
      k.clock.set(NOW)
      expect((await k.call(`${assetsUrl()}/report.json`)).statusCode).toBe(404)
      expect((await k.call(assetsUrl())).json<{ assets: unknown[] }>().assets).toHaveLength(4)
    })

    it("removes a deleted check's files, and only that check's", async () => {
      const account = k.headers['x-service-account'] ?? ''
      const log = path.join(k.runDir, 'again.log')
      await writeFile(log, 'again')
      const artifact: RunArtifact = { type: 'log', name: 'again.log', path: log, contentType: 'text/plain' }
      const files = artifactFiles(k.root)
      expect(await files.save({ accountId: account, checkId, resultId }, [artifact])).toHaveLength(1)
      expect(await files.save({ accountId: account, checkId: 'another-check', resultId }, [artifact])).toHaveLength(1)
      const res = await k.call(`/v1/checks/${checkId}`, k.headers, 'DELETE')
      expect(res.statusCode, res.body).toBe(204)
      expect(await readdir(path.join(k.root, account))).toEqual(['another-check'])
    })
  })
}
