/**
 * A real Playwright trace and screenshot, and a browser result that holds them as its files: recorded with
 * playwright-core in Debian's Chromium against a local page, then stored the way the engine stores a run's files
 * (the artifact folder of the service, and a result row whose document lists them) in a running service's database.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import type { RunArtifact } from '../../src/runners/contract.js'
import { artifactFiles } from '../../src/store/artifact-files.js'
import { buildStores } from '../../src/store/all-stores.js'
import { openStore } from '../../src/store/db.js'
import { finalResultRow } from './result-rows.js'

export interface RecordedRun {
  trace: string
  screenshot: string
}

/** Opens `url`, clicks "Add to cart" (the local web shop) and keeps the trace and a screenshot in `dir`. */
export async function recordTrace(browser: Browser, url: string, dir: string): Promise<RecordedRun> {
  const context = await browser.newContext({ viewport: { width: 800, height: 500 } })
  try {
    await context.tracing.start({ screenshots: true, snapshots: true })
    const page = await context.newPage()
    await page.goto(url)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByText('Cart: 1').waitFor()
    const screenshot = path.join(dir, 'Home-Page.png')
    await page.screenshot({ path: screenshot })
    const trace = path.join(dir, 'trace.zip')
    await context.tracing.stop({ path: trace })
    return { trace, screenshot }
  } finally {
    await context.close()
  }
}

export interface ServiceStorage {
  /** The service's DATA_DIR (its SQLite file and, by default, its artifact folder). */
  dataDir: string
  /** The service's DATABASE_URL, when it runs on PostgreSQL. */
  databaseUrl?: string | undefined
}

/** Stores a passing browser result of `checkId` with the recorded trace and screenshot; returns its id. */
export async function storeBrowserResult(storage: ServiceStorage, accountId: string, checkId: string, run: RecordedRun): Promise<string> {
  const resultId = randomUUID()
  const files: RunArtifact[] = [
    { type: 'trace', name: 'trace.zip', path: run.trace, contentType: 'application/zip' },
    { type: 'screenshot', name: 'Home-Page.png', path: run.screenshot, contentType: 'image/png' },
  ]
  const assets = await artifactFiles(path.join(storage.dataDir, 'artifacts')).save({ accountId, checkId, resultId }, files)
  if (assets.length !== files.length) throw new Error(`stored ${assets.length} of ${files.length} files`)
  const store = await openStore(storage.databaseUrl ? { databaseUrl: storage.databaseUrl } : { sqliteFile: path.join(storage.dataDir, 'picket.db') })
  try {
    const row = finalResultRow(
      accountId,
      checkId,
      { location: 'eu-west-1', startedAt: Date.now() - 3000, status: 'passing', responseTime: 1500, statusCode: null, checkType: 'BROWSER' },
      1,
    )
    const doc = { timingPhases: {}, assertions: [], jobLog: [], details: { runtimeVersion: '2025.04', assets } }
    await buildStores(store).results.insertMany([{ ...row, id: resultId, doc: JSON.stringify(doc) }])
  } finally {
    await store.close()
  }
  return resultId
}
