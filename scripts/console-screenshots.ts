/**
 * The screenshots of the web console in docs/screenshots/ (shown in the README): the real service process on a
 * fresh SQLite database, checks of several types against a local target (their latest runs real, through the
 * engine; a day of earlier results written to the store for the sparklines), photographed in headless Chromium
 * after signing in through the console.
 *
 * Usage: npx tsx scripts/console-screenshots.ts [--out docs/screenshots]
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import { chromium, type Page } from 'playwright-core'
import { openStore } from '../src/store/db.js'
import { buildStores } from '../src/store/all-stores.js'
import type { CheckResultRow } from '../src/store/run-rows.js'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/screenshots' } } })
const OUT = path.resolve(values.out ?? 'docs/screenshots')
const ACCOUNT = '5f2b8a7e-3c1d-4e6f-9a0b-1c2d3e4f5a6b'
const KEY = 'pk_console_screenshots_key_0001'
const ADMIN = { email: 'olive@acme.example', password: 'correct horse battery' }
const HOUR = 3_600_000

let seed = 11
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)

/** The target: a small shop API with a fast, a slow and a failing route. */
function startTarget(): Promise<{ url: string; port: number; close: () => void }> {
  const server = http.createServer((req, res) => {
    const wait = req.url?.startsWith('/search') ? 700 + rnd() * 300 : 20 + rnd() * 60
    setTimeout(() => {
      if (req.url?.startsWith('/payments')) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"upstream unavailable"}')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ ok: true, items: [{ id: 1, name: 'Widget' }], total: 1 }))
    }, wait)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port
      resolve({ url: `http://127.0.0.1:${port}`, port, close: () => server.close() })
    }),
  )
}

function startService(dataDir: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/server.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PICKET_ACCOUNT_ID: ACCOUNT,
      PICKET_API_KEY: KEY,
      PICKET_ADMIN_EMAIL: ADMIN.email,
      PICKET_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m?.[1]) resolve({ url: m[1], stop: () => child.kill('SIGTERM') })
    })
    child.on('exit', (code) => reject(new Error(`service exited with ${String(code)}:\n${out}`)))
  })
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'picket-console-shots-'))
  const target = await startTarget()
  const svc = await startService(dataDir)
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${svc.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json = (await res.json()) as Record<string, unknown>
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
    return json
  }
  try {
    const assertions = [
      { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200' },
      { source: 'JSON_BODY', property: '$.ok', comparison: 'EQUALS', target: 'true' },
    ]
    const api = (name: string, route: string, tags: string[]) => ({
      name,
      tags,
      frequency: 5,
      locations: ['us-east-1', 'eu-west-1'],
      request: { method: 'GET', url: `${target.url}${route}`, assertions },
    })
    const checks: Array<{ id: string; type: string; mu: number; state?: string }> = []
    const add = async (type: string, body: object, mu: number, state?: string) =>
      checks.push({ id: String((await call('POST', `/v1/checks/${type}`, body)).id), type: type.toUpperCase(), mu, ...(state ? { state } : {}) })
    await add('api', api('Checkout API', '/checkout', ['prod', 'shop']), 4.4)
    await add('api', api('Cart API', '/cart', ['prod', 'shop']), 4.0)
    await add('api', { ...api('Payments webhook', '/payments', ['prod', 'payments']) }, 5.0, 'failing')
    await add('api', { ...api('Search', '/search', ['prod', 'web']), degradedResponseTime: 500 }, 6.6, 'degraded')
    await add('url', { name: 'Home page', tags: ['prod', 'web'], frequency: 5, request: { url: `${target.url}/` } }, 4.2)
    await add('tcp', { name: 'Orders database', tags: ['prod', 'data'], frequency: 10, request: { hostname: '127.0.0.1', port: target.port } }, 0.5)
    await add('icmp', { name: 'Edge router', tags: ['network'], frequency: 10, request: { hostname: '127.0.0.1' }, heartbeat: {}, script: '' }, -2)
    await call('POST', '/v1/checks/heartbeat', { name: 'Nightly backup', tags: ['ops'], heartbeat: { period: 1, periodUnit: 'days', grace: 1, graceUnit: 'hours' }, script: '' })
    await call('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'oncall@acme.example' } })

    // A day of earlier results, for the sparklines and figures.
    const store = await openStore({ sqliteFile: path.join(dataDir, 'picket.db') })
    const rows: CheckResultRow[] = []
    const now = Date.now()
    for (const c of checks) {
      for (let t = now - 24 * HOUR; t < now - 10 * 60_000; t += 15 * 60_000) {
        const ms = Math.exp(c.mu + 0.3 * (rnd() - 0.5) + (t > now - 6 * HOUR && c.state ? 0.6 : 0))
        const failing = (c.state === 'failing' && t > now - 3 * HOUR) || rnd() < 0.01
        const status = failing ? 'failing' : c.state === 'degraded' && rnd() < 0.4 ? 'degraded' : 'passing'
        rows.push({
          id: crypto.randomUUID(),
          account_id: ACCOUNT,
          check_id: c.id,
          check_type: c.type,
          sequence_id: crypto.randomUUID(),
          run_job_id: crypto.randomUUID(),
          attempt: 1,
          result_type: 'FINAL',
          location: rnd() < 0.5 ? 'us-east-1' : 'eu-west-1',
          status,
          has_failures: failing ? 1 : 0,
          has_errors: 0,
          is_degraded: status === 'degraded' ? 1 : 0,
          over_max_response_time: 0,
          response_time: ms,
          error_kind: null,
          error_message: failing ? 'HTTP 503' : null,
          status_code: failing ? 503 : 200,
          scheduled_at: t,
          started_at: t,
          stopped_at: t + Math.round(ms),
          trigger: 'SCHEDULER',
          session_id: null,
          doc: '{}',
          metrics: JSON.stringify({ responseTime: ms, total: ms, latencyAvg: ms }),
          created_at: t + 500,
        })
      }
    }
    await buildStores(store).results.insertMany(rows)
    await store.close()

    // The latest runs for real.
    const started = (await call('POST', '/v1/check-sessions/trigger', { target: { checkId: checks.map((c) => c.id) } })) as { sessions: Array<{ checkSessionId: string }> }
    for (const s of started.sessions) await call('GET', `/v1/check-sessions/${s.checkSessionId}/completion?maxWaitSeconds=60`).catch(() => undefined)
    // Until every triggered check shows its run (an ICMP run takes a few seconds of pings).
    for (let i = 0; i < 60; i++) {
      const statuses = (await call('GET', '/v1/check-statuses')) as unknown as Array<{ checkId: string; lastRunAt?: string | null }>
      if (checks.every((c) => statuses.find((st) => st.checkId === c.id)?.lastRunAt)) break
      await new Promise((r) => setTimeout(r, 500))
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] })
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(`${svc.url}/sign-in`)
    await page.screenshot({ path: path.join(OUT, 'console-sign-in.png') })
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.locator('main table tbody tr').nth(7).waitFor()
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-home.png') })

    const checkout = checks[0]?.id ?? ''
    await page.goto(`${svc.url}/checks/${checkout}`)
    await page.getByRole('heading', { level: 1, name: 'Checkout API' }).waitFor()
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-check.png') })
    const results = (await call('GET', `/v1/check-results/${checkout}?limit=1&resultType=FINAL`)) as unknown as Array<{ id: string }>
    await page.goto(`${svc.url}/checks/${checkout}/results/${results[0]?.id ?? ''}`)
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-result.png'), fullPage: true })
    await page.goto(`${svc.url}/checks/${checkout}/analytics`)
    await page.locator('.uplot').first().waitFor()
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-analytics.png') })
    await page.goto(`${svc.url}/checks/${checkout}/edit`)
    await page.getByLabel('URL', { exact: true }).waitFor()
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-check-form.png'), fullPage: true })
    await page.goto(`${svc.url}/settings/members`)
    await settle(page)
    await page.screenshot({ path: path.join(OUT, 'console-members.png') })

    const phone = await browser.newContext({ viewport: { width: 375, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
    await phone.addCookies(await context.cookies())
    const small = await phone.newPage()
    await small.goto(`${svc.url}/`)
    await small.locator('main table tbody tr').nth(7).waitFor()
    await settle(small)
    await small.screenshot({ path: path.join(OUT, 'console-phone.png') })
    await browser.close()
    console.log(`screenshots in ${OUT}`)
  } finally {
    svc.stop()
    target.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Waits until nothing is loading. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => !document.querySelector('.loading'))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
