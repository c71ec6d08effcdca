/**
 * Loaded with `node --require` into every node process of a browser run (the Playwright Test runner, its workers,
 * a plain script). It makes Playwright launch Debian's Chromium with the service's flags, refuses other browsers,
 * refuses browsers altogether in multi-step runs, and for plain scripts (no Playwright Test) records a trace of
 * every context and a screenshot of every open page when the script fails.
 */
'use strict'
const fs = require('node:fs')
const Module = require('node:module')
const path = require('node:path')
const { isMainThread } = require('node:worker_threads')

const mode = process.env.PICKET_RUN_MODE || 'browser'
const executablePath = process.env.PICKET_CHROMIUM_PATH || ''
const extraArgs = JSON.parse(process.env.PICKET_CHROMIUM_ARGS || '[]')
const outDir = process.env.PICKET_OUTPUT_DIR || process.cwd()
// The egress policy (runner.ts sets it when the service has one): {rules, guardPath, proxy}. This process's own
// sockets are guarded (egress-guard.cjs); Chromium goes through the run's egress proxy, whatever the script asks.
// In a box (sandbox/box.ts) there is no guard to install: the box's network reaches nothing but the proxy.
const egress = process.env.PICKET_EGRESS ? JSON.parse(process.env.PICKET_EGRESS) : null
if (egress && egress.guardPath) require(egress.guardPath).installEgressGuard(egress.rules)
const EGRESS_ARGS = egress
  ? [`--proxy-server=${egress.proxy}`, '--proxy-bypass-list=<-loopback>', '--disable-quic', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp']
  : []

/** Under the egress policy a script may not choose its own proxy (it would connect around the run's proxy). */
function withoutProxy(options) {
  if (!egress || !options || !options.proxy) return options
  const o = { ...options }
  delete o.proxy
  return o
}

function refuse(message) {
  return () => Promise.reject(new Error(message))
}

function withChromiumDefaults(options) {
  const o = { ...(withoutProxy(options) || {}) }
  if (!o.executablePath && executablePath) o.executablePath = executablePath
  const own = (o.args || []).filter((a) => !egress || !/^--(proxy-server|proxy-bypass-list|proxy-pac-url|no-proxy-server|host-resolver-rules)\b/.test(String(a)))
  o.args = [...extraArgs, ...own, ...EGRESS_ARGS]
  if (o.channel) delete o.channel
  return o
}

/**
 * The preload's own calls (vitals, the plain-mode trace) are the runner's, not the script's: their stack frames are
 * left out of errors and traces the way Playwright leaves out its own, so a trace shows only the project's code.
 */
function hideOwnFrames() {
  try {
    const paths = [process.env.NODE_PATH || '', __dirname]
    const utils = require(require.resolve('playwright-core/lib/coreBundle', { paths })).utils
    const playwrightRoot = path.dirname(require.resolve('playwright/package.json', { paths }))
    if (utils && typeof utils.setBoxedStackPrefixes === 'function') utils.setBoxedStackPrefixes([fs.realpathSync(playwrightRoot), __dirname])
  } catch {
    // Another Playwright layout: frames of this file may then show in traces, nothing else changes.
  }
}

function patchPlaywright(playwright) {
  hideOwnFrames()
  const { chromium } = playwright
  for (const name of ['firefox', 'webkit']) {
    const type = playwright[name]
    if (!type) continue
    const message = `Only Chromium is available on this runner (${name} was asked for)`
    type.launch = refuse(message)
    type.launchPersistentContext = refuse(message)
    type.launchServer = refuse(message)
  }
  if (egress && playwright.request) {
    // The `request` fixture and playwright.request make their own connections from node: through the proxy too.
    const newRequestContext = playwright.request.newContext.bind(playwright.request)
    playwright.request.newContext = (o) => newRequestContext({ ...(o || {}), proxy: { server: egress.proxy } })
  }
  if (mode === 'multistep') {
    const message = 'Multi-step checks run without a browser: use the `request` fixture (page, context and browser are not available)'
    chromium.launch = refuse(message)
    chromium.launchPersistentContext = refuse(message)
    chromium.launchServer = refuse(message)
    return
  }
  const launch = chromium.launch.bind(chromium)
  const launchPersistentContext = chromium.launchPersistentContext.bind(chromium)
  const launchServer = chromium.launchServer.bind(chromium)
  chromium.launch = async (options) => {
    const browser = await launch(withChromiumDefaults(options))
    if (egress) {
      const newContext = browser.newContext.bind(browser)
      // `proxy: undefined`, not a missing key: Playwright Test fills in only the context options that are absent.
      browser.newContext = (o) => newContext({ ...(o || {}), proxy: undefined })
    }
    measureVitals(browser)
    if (mode === 'plain') recordPlain(browser)
    return browser
  }
  chromium.launchPersistentContext = (dir, options) => launchPersistentContext(dir, withChromiumDefaults(options))
  chromium.launchServer = (options) => launchServer(withChromiumDefaults(options))
}

// Playwright is patched when a process first loads it (`playwright`, `@playwright/test`, the runner and ESM
// imports all load playwright-core's exports through Module._load), never up front: loading it costs 200-300 ms, and most processes of a run
// (the test runner's main process, worker threads) never launch a browser. Worker threads are left alone.
if (isMainThread) {
  const load = Module._load
  let patched = false
  Module._load = function loadAndPatch(request, ...rest) {
    const exported = load.call(this, request, ...rest)
    // By shape, not by name: ESM imports of playwright-core come here with a resolved file path.
    if (!patched && exported && exported.chromium && exported.firefox && exported.webkit && exported.devices) {
      patched = true
      patchPlaywright(exported)
    }
    return exported
  }
}

// Web vitals of every page: observed in the page from its first script, read when its context closes.
const VITALS_SCRIPT = `(() => {
  if (window.top !== window || window.__picketVitals) return
  const v = (window.__picketVitals = { TTFB: null, FCP: null, LCP: null, CLS: 0, TBT: 0 })
  const observe = (type, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }) } catch (e) {}
  }
  observe('navigation', (e) => { v.TTFB = e.responseStart })
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') v.FCP = e.startTime })
  observe('largest-contentful-paint', (e) => { v.LCP = e.startTime })
  observe('layout-shift', (e) => { if (!e.hadRecentInput) v.CLS += e.value })
  observe('longtask', (e) => { v.TBT += Math.max(0, e.duration - 50) })
})()`

async function readVitals(context) {
  for (const page of context.pages()) {
    // At once when the page has painted (FCP reported), else animation frames until it has, at most about a
    // second: a page read right after its load, on a busy machine, may not have painted yet.
    const read = page
      .evaluate(
        `new Promise((resolve) => {
        const until = performance.now() + 1000
        const look = () => {
          const v = window.__picketVitals || null
          if ((v && v.FCP !== null) || performance.now() > until) resolve(v)
          else requestAnimationFrame(look)
        }
        const v = window.__picketVitals || null
        if (v && v.FCP !== null) resolve(v)
        else requestAnimationFrame(() => requestAnimationFrame(look))
      })`,
      )
      .catch(() => null)
    const vitals = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve(null), 2000))])
    if (vitals) fs.appendFileSync(path.join(outDir, 'picket-vitals.jsonl'), `${JSON.stringify({ url: page.url(), ...vitals })}\n`)
  }
}

function measureVitals(browser) {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await context.addInitScript(VITALS_SCRIPT).catch(() => undefined)
    const close = context.close.bind(context)
    context.close = async (o) => {
      await readVitals(context).catch(() => undefined)
      return close(o)
    }
    return context
  }
}

// Plain scripts: a trace per context, and on failure a screenshot per open page and the error.
const contexts = new Set()
let traceCount = 0
let shotCount = 0

async function stopTrace(context) {
  if (!contexts.has(context)) return
  contexts.delete(context)
  traceCount += 1
  await context.tracing.stop({ path: path.join(outDir, `trace-${traceCount}.zip`) }).catch(() => undefined)
}

function recordPlain(browser) {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await context.tracing.start({ screenshots: true, snapshots: true, sources: true }).catch(() => undefined)
    contexts.add(context)
    const close = context.close.bind(context)
    context.close = async (o) => {
      await stopTrace(context)
      return close(o)
    }
    return context
  }
  browser.newPage = async (options) => {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    const closePage = page.close.bind(page)
    page.close = async (o) => {
      await closePage(o)
      await context.close()
    }
    return page
  }
  const closeBrowser = browser.close.bind(browser)
  browser.close = async (o) => {
    for (const context of [...contexts]) {
      await readVitals(context).catch(() => undefined)
      await stopTrace(context)
    }
    return closeBrowser(o)
  }
}

async function onPlainFailure(error) {
  const record = { message: error && error.message ? String(error.message) : String(error), stack: error && error.stack ? String(error.stack) : null }
  try {
    for (const context of [...contexts]) {
      for (const page of context.pages()) {
        shotCount += 1
        await page.screenshot({ path: path.join(outDir, `failure-${shotCount}.png`), timeout: 5000 }).catch(() => undefined)
      }
      await stopTrace(context)
    }
  } finally {
    fs.writeFileSync(path.join(outDir, 'picket-plain-error.json'), JSON.stringify(record))
    process.exit(1)
  }
}

if (mode === 'plain') {
  process.on('uncaughtException', (error) => void onPlainFailure(error))
  process.on('unhandledRejection', (error) => void onPlainFailure(error))
}
