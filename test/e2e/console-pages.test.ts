/**
 * Every page of the web console renders for real, in headless Chromium against the real service process on a
 * fresh database (engine on, SQLite), in an account that has one of everything: a check of each type (the
 * documented examples; the API check asks a local orders API and has a failed run, with its error group, then a
 * passing one; the SSL, traceroute and agentic checks have a result each, stored as their runners write them), a
 * group, an alert channel, a maintenance window, variables (one secret), a snippet, a private location, a dashboard, a status page with its
 * service, and an incident. Each page (every link of the menu, every form of something new, every page of what
 * exists, and an address that is no page) shows its heading with nothing still loading, a document title that names
 * it, no error banner, no script error, no CSP violation, no failed API call and no serious or critical
 * accessibility violation (axe), and at a phone's size (390x844) the same, without scrolling sideways. The first
 * page loads a few scripts, and the code editor and the charts come only with the pages that use them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { axeViolations } from '../helpers/axe.js'
import { launchViewer, openViewer, type ViewerPage } from '../helpers/viewer.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { checkExamples } from '../helpers/console-type-examples.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { seedTypeResults } from '../helpers/console-type-fixtures.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const ADMIN = { email: 'ada@example.com', password: 'every page renders' }
const LAPTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const SLUGS = ['api', 'url', 'tcp', 'dns', 'icmp', 'grpc', 'ssl', 'traceroute', 'heartbeat', 'browser', 'multistep', 'playwright', 'agentic'] as const
const CHECK_TABS = ['', '/results', '/analytics', '/errors', '/alerts', '/edit'] as const

/** The documented example of each check type (docs/check-types.md), by the slug of its route. */
const EXAMPLES = checkExamples() as Map<string, Json>

/**
 * Every page: a path whose `{name}` parts are the ids of what beforeAll creates, and for some the heading expected
 * (a `{name}` there is a name given below).
 */
interface PageCase {
  path: string
  heading?: string
}

const NAV: PageCase[] = [
  { path: '/', heading: 'Checks' },
  { path: '/groups' },
  { path: '/incidents' },
  { path: '/alerting/channels' },
  { path: '/alerting/settings' },
  { path: '/alerting/notifications' },
  { path: '/maintenance-windows' },
  { path: '/pages/dashboards' },
  { path: '/pages/status-pages' },
  { path: '/variables' },
  { path: '/snippets' },
  { path: '/private-locations' },
  { path: '/settings/members' },
  { path: '/settings/api-keys' },
  { path: '/settings/profile' },
  { path: '/settings/account', heading: 'Account settings' },
]
const NEW_FORMS: PageCase[] = [
  { path: '/checks/new', heading: 'New check' },
  ...SLUGS.map((s) => ({ path: `/checks/new/${s}`, ...(s === 'api' ? { heading: 'New API check' } : {}) })),
  { path: '/groups/new' },
  { path: '/alerting/channels/new' },
  { path: '/maintenance-windows/new' },
  { path: '/snippets/new' },
  { path: '/private-locations/new' },
  { path: '/pages/dashboards/new' },
  { path: '/pages/status-pages/new' },
  { path: '/incidents/new' },
]
const CHECK_PAGES: PageCase[] = SLUGS.flatMap((s) => CHECK_TABS.map((tab) => ({ path: `/checks/{${s}}${tab}`, ...(tab === '' ? { heading: `{${s}}` } : {}) })))
const RESOURCE_PAGES: PageCase[] = [
  { path: '/checks/{api}/results/{result}' },
  { path: '/checks/{ssl}/results/{sslResult}' },
  { path: '/checks/{traceroute}/results/{tracerouteResult}' },
  { path: '/checks/{agentic}/results/{agenticResult}' },
  { path: '/groups/{group}', heading: '{group}' },
  { path: '/alerting/channels/{channel}' },
  { path: '/maintenance-windows/{window}' },
  { path: '/snippets/{snippet}' },
  { path: '/private-locations/{location}' },
  { path: '/pages/dashboards/{dashboard}' },
  { path: '/pages/status-pages/{statusPage}' },
  { path: '/incidents/{incident}' },
]
/** Addresses the console has no page at: its not-found page, inside the layout. */
const NOT_FOUND: PageCase[] = [
  { path: '/no-such-page', heading: 'Page not found' },
  { path: '/checks/{api}/no/such/tab', heading: 'Page not found' },
]
const PAGES = [...NAV, ...NEW_FORMS, ...CHECK_PAGES, ...RESOURCE_PAGES, ...NOT_FOUND]

/** The serious and critical violations axe finds on the page, by rule, impact and the elements at fault. */
const seriousViolations = async (page: Page) => (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')

/** Strings only the code of CodeMirror (a class of its theme) and of uPlot (its root class, a literal) contain. */
const CODEMIRROR = 'cm-content'
const UPLOT = '"uplot"'

/** Whether a response is a script of the console. */
const isScript = (url: string) => new URL(url).pathname.endsWith('.js')

describe.skipIf(!HAS_CHROMIUM)('every page of the web console in Chromium', () => {
  let svc: ConsoleService
  let browser: Browser
  /** What the documented API check asks: an orders API that creates an order (201, JSON with its id), or is down. */
  let orders: http.Server
  let ordersUrl = ''
  let ordersDown = false
  let viewer: ViewerPage
  let dataDir = ''
  /** The id (for paths) and name (for headings) of each thing created, by the name its `{…}` placeholder uses. */
  const ids = new Map<string, string>()
  const names = new Map<string, string>()
  /** API calls of the console's pages that did not succeed (Chromium does not log a 404 as an error). */
  const failedCalls: string[] = []

  const fill = (template: string, from: Map<string, string>) =>
    template.replace(/\{(\w+)\}/g, (_all, key: string) => {
      const value = from.get(key)
      if (value === undefined) throw new Error(`nothing created for {${key}}`)
      return value
    })

  const create = async (route: string, body: unknown): Promise<Json> => {
    const res = await apiCall(svc, 'POST', route, body)
    const json = (await res.json()) as Json
    // Services are created with 200, as the reference declares; everything else with 201.
    expect(res.status, `POST ${route}: ${JSON.stringify(json)}`).toBe(route === '/v1/status-pages/services' ? 200 : 201)
    return json
  }

  /** Creates one of everything the console shows through the API, as a script would, and runs the API check. */
  async function createEverything(): Promise<void> {
    for (const slug of SLUGS) {
      const example = EXAMPLES.get(slug)
      if (!example) throw new Error(`docs/check-types.md has no example for /v1/checks/${slug}`)
      // The API check asks a local orders API, so that its run has a real answer (and passes).
      const body: Json = slug === 'api' ? { ...example, request: { ...example.request, url: ordersUrl } } : example
      const check = await create(`/v1/checks/${slug}`, body)
      ids.set(slug, String(check.id))
      names.set(slug, String(check.name))
    }
    const group = await create('/v1/check-groups', { name: 'Storefront', tags: ['shop'] })
    ids.set('group', String(group.id))
    names.set('group', 'Storefront')
    ids.set('channel', String((await create('/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.com' } })).id))
    const starts = new Date(Date.now() + 7 * 86_400_000)
    const window = await create('/v1/maintenance-windows', {
      name: 'Database upgrade',
      tags: ['shop'],
      startsAt: starts.toISOString(),
      endsAt: new Date(starts.getTime() + 2 * 3_600_000).toISOString(),
    })
    ids.set('window', String(window.id))
    await create('/v1/variables', { key: 'API_BASE', value: 'https://api.example.com' })
    await create('/v1/variables', { key: 'API_TOKEN', value: 'not to be shown', secret: true })
    ids.set('snippet', String((await create('/v1/snippets', { name: 'login helper', script: 'module.exports = { user: "ada" }\n' })).id))
    ids.set('location', String((await create('/v1/private-locations', { name: 'Office', slugName: 'office' })).id))
    ids.set('dashboard', String((await create('/v1/dashboards', { header: 'Shop status', customUrl: 'shop-status' })).dashboardId))
    const service = await create('/v1/status-pages/services', { name: 'Checkout' })
    ids.set('statusPage', String((await create('/v1/status-pages', { name: 'Shop status', url: 'shop', cards: [{ name: 'Core', services: [service.id] }] })).id))
    const incident = await create('/v1/status-pages/incidents', {
      name: 'Checkout errors',
      severity: 'MAJOR',
      services: [service.id],
      incidentUpdates: [{ description: 'We are looking into it', status: 'INVESTIGATING' }],
    })
    ids.set('incident', String(incident.id))
    // The SSL, traceroute and agentic checks name hosts this machine cannot reach, and agentic runs need a model:
    // a result of each, as their runners write it, goes in through the store the service uses.
    for (const [key, id] of Object.entries(await seedTypeResults(path.join(dataDir, 'picket.db'), svc.accountId, ids))) ids.set(key, id)

    // Runs of the API check: one while the orders API is down (an error group to show), then one that passes.
    ordersDown = true
    expect(await runApiCheck(), 'the run while the orders API is down').toBe('FAILED')
    ordersDown = false
    expect(await runApiCheck(), 'the run once the orders API is back').toBe('PASSED')
    const errorGroups = (await (await apiCall(svc, 'GET', `/v1/error-groups/checks/${ids.get('api') ?? ''}`)).json()) as Json[]
    expect(errorGroups.length, 'the failed run made an error group').toBeGreaterThan(0)
    const results = (await (await apiCall(svc, 'GET', `/v1/check-results/${ids.get('api') ?? ''}`)).json()) as Json[]
    expect(results[0]?.hasFailures, 'the newest result of the API check passed').toBe(false)
    ids.set('result', String(results[0]?.id))
  }

  /** Runs the API check now and answers the status of its session once it ended. */
  async function runApiCheck(): Promise<string> {
    const trigger = await create('/v1/check-sessions/trigger', { target: { checkId: [ids.get('api')] } })
    const sessionId = String(trigger.sessions?.[0]?.checkSessionId)
    // The completion call itself waits (up to 30 s a call) for the run to end; a 408 says to ask again.
    for (let call = 0; call < 4; call++) {
      const res = await apiCall(svc, 'GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
      if (res.status === 200) return String(((await res.json()) as Json).status)
    }
    return 'still running after 2 minutes'
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${svc.baseUrl}/sign-in`)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
  }

  /** Resolves once nothing is loading any more and the page's level-1 heading shows. */
  async function settled(page: Page): Promise<void> {
    await page.waitForFunction(() => document.querySelector('.loading') === null && [...document.querySelectorAll('h1')].some((h) => h.checkVisibility()), undefined, {
      timeout: 30_000,
    })
    await page.waitForLoadState('networkidle')
  }

  /**
   * The innermost elements that reach past the right edge of the window and that no box scrolls or clips (those make
   * the page scroll sideways), as tag.class, right edge, and their parent and grandparent.
   */
  const tooWide = (page: Page) =>
    page.evaluate(() => {
      const clipped = (el: Element) => {
        // An absolutely positioned element escapes the boxes that scroll until the one it is positioned in.
        let escaping = getComputedStyle(el).position === 'absolute'
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p)
          if (escaping && style.position !== 'static') escaping = false
          if (!escaping && style.overflowX !== 'visible') return true
        }
        return false
      }
      const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el))
      const describe = (el: Element | null) =>
        el ? `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().replace(/\s+/g, '.')}` : ''}` : ''
      return wide
        .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
        .slice(0, 10)
        .map(
          (el) =>
            `${describe(el)} (right ${Math.round(el.getBoundingClientRect().right)}) in ${describe(el.parentElement)} in ${describe(el.parentElement?.parentElement ?? null)}`,
        )
    })

  const watchApiCalls = (page: Page) =>
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/') && r.status() >= 400) failedCalls.push(`${r.request().method()} ${r.url()} → ${r.status()}`)
    })

  beforeAll(async () => {
    orders = http.createServer((_req, res) => {
      res.writeHead(ordersDown ? 503 : 201, { 'content-type': 'application/json' })
      res.end(JSON.stringify(ordersDown ? { error: 'down for maintenance' } : { id: 'order-1', sku: 'A-100', quantity: 1 }))
    })
    await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve))
    ordersUrl = `http://127.0.0.1:${(orders.address() as AddressInfo).port}/orders`
    dataDir = await mkdtemp(path.join(tmpdir(), 'picket-console-pages-'))
    // A model endpoint lets agentic checks be created; the one agentic check is off, so nothing ever calls it.
    const env = { DATA_DIR: dataDir, PICKET_ADMIN_EMAIL: ADMIN.email, PICKET_ADMIN_PASSWORD: ADMIN.password, AGENTIC_MODEL_URL: 'http://127.0.0.1:9/v1', AGENTIC_MODEL: 'm' }
    ;[svc, browser] = await Promise.all([startConsoleService(env), launchViewer()])
    await createEverything()
    viewer = await openViewer(browser)
    await signIn(viewer.page)
    watchApiCalls(viewer.page)
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await viewer?.close()
    await browser?.close()
    orders?.close()
    await svc?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    stopStrayProcesses()
  })

  it('loads a few scripts for the first page, and the code editor and the charts only on the pages that show them', async () => {
    // A context of its own, signed in with the same session, starts with an empty cache.
    const fresh = await openViewer(browser, { storageState: await viewer.page.context().storageState() })
    try {
      const { page } = fresh
      watchApiCalls(page)
      let scripts: string[] = []
      page.on('request', (r) => {
        if (isScript(r.url())) scripts.push(r.url())
      })
      /** Loads `path` (a full load) and answers the scripts it asked for. */
      const scriptsOf = async (path: string): Promise<string[]> => {
        scripts = []
        await page.goto(`${svc.baseUrl}${path}`)
        await settled(page)
        return [...new Set(scripts)]
      }
      const bodyOf = async (url: string) => (await fetch(url)).text()
      /** The scripts of `urls` whose code contains `marker`. */
      const carrying = async (urls: string[], marker: string) =>
        (await Promise.all(urls.map(async (u) => ((await bodyOf(u)).includes(marker) ? u : null)))).filter((u) => u !== null)

      const home = await scriptsOf('/')
      await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
      expect(home.length, home.join('\n')).toBeGreaterThan(0)
      expect(home.length, home.join('\n')).toBeLessThanOrEqual(5)

      // CodeMirror (its `cm-content` class) and uPlot (its "uplot" class name) are in none of the first page's scripts.
      expect(await carrying(home, CODEMIRROR)).toEqual([])
      expect(await carrying(home, UPLOT)).toEqual([])

      const edit = await scriptsOf(`/checks/${ids.get('browser') ?? ''}/edit`)
      await page.locator('.cm-editor').first().waitFor()
      const editOnly = edit.filter((u) => !home.includes(u))
      expect(editOnly.length, 'scripts the editor page loads that the first page did not').toBeGreaterThan(0)
      expect(await carrying(editOnly, CODEMIRROR), editOnly.join('\n')).not.toEqual([])

      const analytics = await scriptsOf(`/checks/${ids.get('api') ?? ''}/analytics`)
      await page.locator('.uplot').first().waitFor()
      const analyticsOnly = analytics.filter((u) => !home.includes(u))
      expect(analyticsOnly.length, 'scripts the analytics tab loads that the first page did not').toBeGreaterThan(0)
      expect(await carrying(analyticsOnly, UPLOT), analyticsOnly.join('\n')).not.toEqual([])
      // The charts are not part of the editor's scripts, nor the editor of the charts'.
      expect(await carrying(analyticsOnly, CODEMIRROR)).toEqual([])
      expect(await carrying(editOnly, UPLOT)).toEqual([])

      expect(fresh.problems).toEqual([])
      expect(failedCalls).toEqual([])
    } finally {
      await fresh.close()
      failedCalls.length = 0
    }
  })

  it.each(PAGES.map((p) => [p.path, p] as const))('%s renders at laptop and phone width with no error', async (_path, c) => {
    const { page, problems } = viewer
    try {
      const path = fill(c.path, ids)
      await page.goto(`${svc.baseUrl}${path}`)
      await settled(page)
      expect(new URL(page.url()).pathname, 'the page stayed where it was opened').toBe(path)

      const heading = (await page.locator('h1:visible').first().textContent())?.trim() ?? ''
      expect(heading).not.toBe('')
      if (c.heading !== undefined) expect(heading).toBe(fill(c.heading, names))
      expect(await page.locator('.banner-error:visible').allTextContents(), 'error banners').toEqual([])
      // The title names the page before the product ("Members · Picket"), so tabs and history tell pages apart.
      expect(await page.title()).toMatch(/^\S.* · Picket$/)
      expect(await seriousViolations(page), 'serious and critical accessibility violations').toEqual([])
      expect(problems, 'script errors and CSP violations').toEqual([])
      expect(failedCalls, 'failed API calls').toEqual([])

      await page.setViewportSize(PHONE)
      try {
        await expect
          .poll(() => page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth })), {
            message: 'the page scrolls sideways on a phone',
          })
          .toSatisfy(({ scrollWidth, innerWidth }: { scrollWidth: number; innerWidth: number }) => scrollWidth <= innerWidth + 1)
      } catch (e) {
        throw new Error(`${e instanceof Error ? e.message : String(e)}\nWider than the screen: ${JSON.stringify(await tooWide(page), null, 2)}`, { cause: e })
      }
      expect(await seriousViolations(page), 'serious and critical accessibility violations on a phone').toEqual([])
      expect(problems, 'script errors and CSP violations on a phone').toEqual([])
      expect(failedCalls, 'failed API calls on a phone').toEqual([])
    } catch (e) {
      // A page that failed before its problems were asserted still says what the browser saw.
      if (problems.length + failedCalls.length === 0) throw e
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nThe browser also saw: ${JSON.stringify([...problems, ...failedCalls], null, 2)}`, { cause: e })
    } finally {
      // Each page starts at laptop width with nothing seen yet.
      await page.setViewportSize(LAPTOP)
      problems.length = 0
      failedCalls.length = 0
    }
  })
})
