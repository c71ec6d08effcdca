/** A real app on a real database, with a bootstrapped account, driven through app.inject(). */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type AppDeps } from '../../src/api/build-app.js'
import type { Redis } from 'ioredis'
import { createCompiledSchemas } from '../../src/api/compiled-schemas.js'
import { systemClock, type Clock } from '../../src/lib/clock.js'
import { buildServices, type ServiceDeps, type Services } from '../../src/services/index.js'
import type { Store } from '../../src/store/db.js'
import type { TestDb } from './db.js'

export const PUBLIC_BASE_URL = 'http://picket.test'

/** The validators and serializers every app of this test process shares: each route schema is compiled once per process. */
const compiledSchemas = createCompiledSchemas()

export interface TestApp {
  app: FastifyInstance
  services: Services
  store: Store
  clock: Clock
  accountId: string
  apiKey: string
  headers: Record<string, string>
  /** Inject with this account's credentials. */
  call(method: InjectOptions['method'], url: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<LightMyRequestResponse>
  /** A second account on the same service, for isolation tests. */
  otherAccount(): Promise<{ accountId: string; apiKey: string; headers: Record<string, string> }>
  close(): Promise<void>
}

export interface TestAppOptions {
  rateLimit?: { max: number; windowMs: number }
  clock?: Clock
  redis?: Redis
  /** Source addresses by region, as the operator configures them (STATIC_IPS_BY_REGION / STATIC_IPV6S_BY_REGION). */
  staticIps?: ServiceDeps['staticIps']
  /** Outbound notification settings (SMTP server, SMS gateway, result link base). */
  delivery?: ServiceDeps['delivery']
  /** HTTP layer settings of buildApp: body size limit, a logger to capture lines, the slow-request threshold, shutdown, trusted proxies. */
  http?: Pick<AppDeps, 'bodyLimitBytes' | 'loggerInstance' | 'slowRequestMs' | 'isShuttingDown' | 'trustProxy'>
  /** Where run artifacts are kept (browser results' traces and screenshots are served from here). */
  artifacts?: ServiceDeps['artifacts']
  /** Largest artifact an agent may upload. */
  agentArtifactLimitBytes?: number
  /** How long public pages reuse a computed view (default 0 here: every view is fresh). */
  pageCacheMs?: number
  /** Base domains of dashboards and status pages. */
  sites?: AppDeps['sites']
  /** The model of agentic checks and root-cause analyses (AGENTIC_MODEL_URL …); none by default. */
  agenticModel?: ServiceDeps['agenticModel']
  /** Replaces services of the app (e.g. one that fails), keeping the others. */
  overrideServices?: (services: Services) => Services
}

export async function startTestApp(db: TestDb, options: TestAppOptions = {}): Promise<TestApp> {
  const store = await db.open()
  const clock = options.clock ?? systemClock
  // Uploaded code bundles live under DATA_DIR in every installation; the app's own folder stands in for it.
  const codeBundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-test-bundles-'))
  const services = buildServices({
    store,
    clock,
    publicBaseUrl: PUBLIC_BASE_URL,
    codeBundleDir,
    ...(options.staticIps ? { staticIps: options.staticIps } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.artifacts ? { artifacts: options.artifacts } : {}),
    pageCacheMs: options.pageCacheMs ?? 0,
    ...(options.agenticModel ? { agenticModel: options.agenticModel } : {}),
    ...(options.agentArtifactLimitBytes === undefined ? {} : { agentArtifactLimitBytes: options.agentArtifactLimitBytes }),
  })
  const boot = await services.accounts.bootstrap({})
  const app = await buildApp({
    services: options.overrideServices ? options.overrideServices(services) : services,
    publicBaseUrl: PUBLIC_BASE_URL,
    rateLimit: options.rateLimit ?? { max: 100_000, windowMs: 60_000 },
    redis: options.redis,
    compiledSchemas,
    // Every response of every API test is checked against its route's declared schema (a mismatch is a 500).
    checkResponses: true,
    ...options.http,
    ...(options.sites ? { sites: options.sites } : {}),
  })
  const headersFor = (accountId: string, apiKey: string) => ({ authorization: `Bearer ${apiKey}`, 'x-service-account': accountId })
  const headers = headersFor(boot.accountId, boot.apiKey ?? '')
  return {
    app,
    services,
    store,
    clock,
    accountId: boot.accountId,
    apiKey: boot.apiKey ?? '',
    headers,
    call: (method, url, body, extraHeaders) => app.inject({ method, url, headers: { ...headers, ...extraHeaders }, ...(body === undefined ? {} : { payload: body as object }) }),
    async otherAccount() {
      const created = await services.accounts.createAccount('Other')
      return { accountId: created.accountId, apiKey: created.apiKey, headers: headersFor(created.accountId, created.apiKey) }
    },
    async close() {
      await app.close()
      await store.close()
      fs.rmSync(codeBundleDir, { recursive: true, force: true })
    },
  }
}
