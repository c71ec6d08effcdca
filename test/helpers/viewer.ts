/**
 * A headless Chromium (Debian's, through playwright-core) that opens the service's public pages as a viewer
 * would. Host names of the test domains resolve to the loopback address inside the browser, so subdomains and
 * custom domains are reached for real, without DNS.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { CHROMIUM_PATH } from './chromium.js'

export const VIEWER_HOST_RULES = 'MAP *.dash.test 127.0.0.1, MAP *.status.test 127.0.0.1, MAP *.example.com 127.0.0.1'

export async function launchViewer(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), `--host-resolver-rules=${VIEWER_HOST_RULES}`],
  })
}

export interface ViewerPage {
  page: Page
  /** Console errors and failed requests (a CSP violation is a console error). */
  problems: string[]
  close(): Promise<void>
}

export async function openViewer(browser: Browser, options: BrowserContextOptions = {}): Promise<ViewerPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    // A 401 or 404 answer is logged by Chromium as a failed resource load; the tests ask for those on purpose.
    if (m.type() === 'error' && !/status of 40[14]/.test(m.text())) problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return { page, problems, close: () => context.close() }
}
