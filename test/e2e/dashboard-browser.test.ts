/**
 * A dashboard as a wall screen shows it, in headless Chromium against the running service (SQLite): exactly the
 * checks of its tags; a check that changes state shows it at the next refresh without a reload; pages turn on
 * their own; the window links load in place; every switch and the custom CSS apply; the page paints without
 * JavaScript; a private dashboard shows nothing until its key is given; no CSP violation or script error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { buildStores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResult } from '../helpers/error-group-kit.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { launchViewer, openViewer } from '../helpers/viewer.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const sqlite = testDbs.filter((d) => d.name === 'sqlite')

describe.skipIf(!HAS_CHROMIUM).each(sqlite)('a dashboard in Chromium ($name)', (db) => {
  let t: TestApp
  let browser: Browser
  let port = 0
  const ids: Record<string, string> = {}
  let privateKey = ''

  const record = async (checkId: string, status: string, ms: number) => {
    const row = { ...finalResult(t.accountId, checkId, status === 'failing' ? 'down' : null, Date.now() - 1000, status), response_time: ms }
    const stores = buildStores(t.store)
    await stores.results.insertMany([row])
    await stores.results.applyStatuses([row])
  }

  beforeAll(async () => {
    t = await startTestApp(db, { sites: { dashboardDomain: 'dash.test', statusPageDomain: null } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
    for (const [key, name, tags] of [
      ['a', 'Alpha API', ['prod']],
      ['b', 'Beta site', ['prod', 'web']],
      ['c', 'Gamma DNS', ['prod']],
      ['s', 'Staging box', ['staging']],
    ] as const) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name, tags, request: { url: 'http://127.0.0.1:9/' } })
      expect(res.statusCode, res.body).toBe(201)
      ids[key] = String(res.json().id)
      await record(ids[key] ?? '', 'passing', 120)
    }
    const wall = await t.call('POST', '/v1/dashboards', {
      header: 'Production',
      description: 'What customers use',
      customUrl: 'wall',
      tags: ['prod'],
      checksPerPage: 2,
      paginate: true,
      paginationRate: 300,
      refreshRate: 60,
      showP99: false,
      customCSS: 'body { outline: 7px solid rgb(1, 2, 3) } .check-name { text-transform: uppercase }',
    })
    expect(wall.statusCode, wall.body).toBe(201)
    const vault = await t.call('POST', '/v1/dashboards', { header: 'Vault', customUrl: 'vault', isPrivate: true, tags: ['staging'] })
    privateKey = String((vault.json() as Json).keys[0].rawKey)
    browser = await launchViewer()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
  })

  it('shows the checks of its tags, refreshes and pages in place, and applies its custom CSS', async () => {
    const v = await openViewer(browser)
    const { page } = v
    await page.clock.install()
    await page.goto(`http://wall.dash.test:${port}/`)
    const onPage = () => page.locator('article.check').evaluateAll((els) => els.map((e) => e.getAttribute('data-check-id')))
    expect(await onPage()).toEqual([ids.a, ids.b])
    await expect.poll(() => page.locator('#page-label').textContent()).toBe('Page 1 of 2')
    expect(await page.locator('dt', { hasText: 'P99' }).count()).toBe(0)
    expect(await page.locator('dt', { hasText: 'P95' }).count()).toBe(2)
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)')
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.check-name') as Element).textTransform)).toBe('uppercase')
    await page.evaluate(() => ((window as unknown as Json).__stay = 'same document'))

    // Alpha fails: the next refresh shows it, in the same document.
    await record(ids.a ?? '', 'failing', 3000)
    await page.clock.runFor(61_000)
    await expect.poll(() => page.locator(`article[data-check-id="${ids.a}"]`).getAttribute('class'), { timeout: 5000 }).toContain('status-failing')
    expect(await page.locator('#summary').textContent()).toBe('1 failing · 2 passing')

    // The pager turns to page 2 on its own, which holds the third prod check and never the staging one.
    await page.clock.runFor(300_000)
    await expect.poll(onPage, { timeout: 5000 }).toEqual([ids.c])
    expect(await page.locator('#page-label').textContent()).toBe('Page 2 of 2')

    // A window link loads in place and is marked as current.
    await page.getByRole('link', { name: '7 days' }).click()
    await expect.poll(() => page.locator('a[data-window="7d"]').getAttribute('aria-current'), { timeout: 5000 }).toBe('true')
    expect(page.url()).toContain('window=7d')
    expect(await page.evaluate(() => (window as unknown as Json).__stay)).toBe('same document')
    expect(v.problems).toEqual([])
    await v.close()
  })

  it('paints without JavaScript', async () => {
    const v = await openViewer(browser, { javaScriptEnabled: false })
    await v.page.goto(`http://127.0.0.1:${port}/dashboards/wall`)
    expect(await v.page.locator('article.check').count()).toBe(2)
    expect(await v.page.locator('h1').textContent()).toBe('Production')
    await v.close()
  })

  it('asks for the key of a private dashboard and shows nothing before it is given', async () => {
    const v = await openViewer(browser)
    const { page } = v
    await page.goto(`http://127.0.0.1:${port}/dashboards/vault`)
    expect(await page.locator('body').textContent()).not.toMatch(/Vault|Staging box/)
    const status = await page.evaluate(async () => (await fetch('/dashboards/vault/data')).status)
    expect(status).toBe(401)
    await page.getByLabel('Key').fill('dk_not-the-key')
    await page.getByRole('button', { name: 'Open' }).click()
    await expect.poll(() => page.locator('[role=alert]').textContent()).toContain('does not open')
    await page.getByLabel('Key').fill(privateKey)
    await page.getByRole('button', { name: 'Open' }).click()
    await expect.poll(() => page.locator('article.check .check-name').allTextContents()).toEqual(['Staging box'])
    // The key is kept in an HTTP-only cookie: a reload stays open, and scripts cannot read it.
    await page.reload()
    expect(await page.locator('article.check').count()).toBe(1)
    expect(await page.evaluate(() => document.cookie)).toBe('')
    expect(v.problems).toEqual([])
    await v.close()
  })
})
