/**
 * The config a run gives Playwright Test: the project's own config, as its authors wrote it, with what a monitor
 * must decide itself put over it. Loaded by the small per-run config the runner writes next to the project's
 * config (so `testDir`, `globalSetup` and every other relative path resolve exactly as under
 * `npx playwright test`). What the service overrides or leaves out is said in the run's notes, never a failed load:
 * - the JSON report, the output folder, a trace of every test, headless Chromium, a global time limit;
 * - `webServer` (a monitor checks a site that runs), video (it needs an ffmpeg the runners do not have);
 * - workers above the runner's cap; projects of another browser (skipped, with the reason);
 * - the test command's `--project` choice, applied here with the projects each one depends on.
 */
'use strict'
const fs = require('node:fs')
const os = require('node:os')

const FORCED_USE = { headless: true, trace: 'on', video: 'off' }
const NOT_CHROMIUM = { firefox: 'Firefox', webkit: 'WebKit' }

function browserOf(use, fallback) {
  const u = use || {}
  return u.browserName || u.defaultBrowserType || fallback
}

function projectPattern(name) {
  const escaped = String(name)
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
  return new RegExp(`^${escaped}$`, 'i')
}

/** The projects `wanted` names, with every project they depend on (as `--project` selects them). */
function selectProjects(projects, wanted, notes) {
  if (wanted.length === 0) return projects
  const byName = new Map(projects.map((p) => [p.name || '', p]))
  const chosen = new Set()
  const add = (p) => {
    if (chosen.has(p)) return
    chosen.add(p)
    for (const dep of [...(p.dependencies || []), ...(p.teardown ? [p.teardown] : [])]) if (byName.has(dep)) add(byName.get(dep))
  }
  for (const name of wanted) {
    const found = projects.filter((p) => projectPattern(name).test(p.name || ''))
    if (found.length === 0) notes.push(`--project ${name} names no Chromium project of the config; it is left out`)
    found.forEach(add)
  }
  return projects.filter((p) => chosen.has(p))
}

function workersFor(requested, cap, notes) {
  const cores = Math.max(1, os.availableParallelism ? os.availableParallelism() : os.cpus().length)
  let n
  if (requested === undefined || requested === null || requested === '') n = Math.max(1, Math.floor(cores / 2))
  else if (typeof requested === 'string' && requested.endsWith('%')) n = Math.max(1, Math.floor((cores * parseInt(requested, 10)) / 100))
  else n = Math.max(1, Number(requested) || 1)
  if (n > cap) {
    notes.push(`workers: ${requested} asks for ${n} workers; this runner runs at most ${cap} at once`)
    return cap
  }
  return n
}

/** The config a module exports: its default export (ES module, or CommonJS compiled from one), else the module. */
function configOf(loaded) {
  if (!loaded || typeof loaded !== 'object') return {}
  if ((loaded.__esModule || loaded[Symbol.toStringTag] === 'Module') && loaded.default) return configOf(loaded.default)
  return loaded
}

/** The config for one run: `loaded` is the project's config module (or nothing), `s` the runner's settings. */
function wrapConfig(loaded, s) {
  const notes = []
  const user = configOf(loaded)
  const api = s.api || {}
  const topBrowser = browserOf(user.use, 'chromium')
  if (user.webServer) notes.push('webServer is not started: a monitor tests a site that is already running (set use.baseURL to it)')
  const mergeUse = (...uses) => {
    const use = Object.assign({}, ...uses.map((u) => u || {}))
    if (use.video && use.video !== 'off' && !s.videoNoted) {
      s.videoNoted = true
      notes.push(
        `video "${typeof use.video === 'string' ? use.video : use.video.mode}" is off: recording needs ffmpeg, which the runners do not have (every test has a trace instead)`,
      )
    }
    Object.assign(use, FORCED_USE)
    if (use.screenshot !== 'on') use.screenshot = 'only-on-failure'
    delete use.channel
    delete use.connectOptions
    delete use.browserName
    delete use.defaultBrowserType
    return use
  }
  const userProjects = Array.isArray(user.projects) ? user.projects : []
  const kept = []
  const skipped = new Set()
  for (const p of userProjects) {
    const browser = browserOf(p.use, topBrowser)
    if (NOT_CHROMIUM[browser]) {
      skipped.add(p.name || '')
      notes.push(`Project "${p.name || '(unnamed)'}" is skipped: it runs ${NOT_CHROMIUM[browser]}, and only Chromium runs here`)
    } else {
      kept.push(p)
    }
  }
  if (userProjects.length > 0 && kept.length === 0) {
    throw new Error(`The Playwright config has no Chromium project (${userProjects.map((p) => `"${p.name || '(unnamed)'}"`).join(', ')}): only Chromium runs here`)
  }
  if (userProjects.length === 0 && NOT_CHROMIUM[topBrowser]) notes.push(`use.browserName "${topBrowser}" is replaced by Chromium: only Chromium runs here`)
  const projects = selectProjects(kept, s.projects || [], notes).map((p) => {
    const deps = (p.dependencies || []).filter((d) => !skipped.has(d))
    return { ...p, dependencies: deps, use: mergeUse(p.use, api.use) }
  })
  const config = {
    ...user,
    timeout: api.timeout || user.timeout || 30000,
    expect: { ...(user.expect || {}), ...(api.expect || {}) },
    retries: s.mode === 'suite' ? (api.retries !== undefined ? api.retries : user.retries || 0) : 0,
    workers: s.mode === 'suite' ? workersFor(s.workers !== null && s.workers !== undefined ? s.workers : user.workers, s.maxWorkers, notes) : 1,
    globalTimeout: user.globalTimeout ? Math.min(user.globalTimeout, s.globalTimeout) : s.globalTimeout,
    preserveOutput: 'always',
    reporter: [['json', { outputFile: s.reportFile }]],
    outputDir: s.outputDir,
    use: mergeUse(user.use, api.use),
  }
  delete config.webServer
  if (s.testMatch) {
    config.testMatch = s.testMatch
    config.testDir = s.testDir
    delete config.testIgnore
  }
  if (projects.length > 0) config.projects = projects
  else delete config.projects
  if (s.notesFile && !process.env.TEST_WORKER_INDEX) {
    const summary = {
      notes,
      testDir: config.testDir || '.',
      testMatch: String(config.testMatch || '**/*.@(spec|test).?(c|m)[jt]s?(x)'),
      projects: projects.map((p) => p.name || ''),
    }
    try {
      fs.writeFileSync(s.notesFile, JSON.stringify(summary))
    } catch {
      // The notes are for the result only; a run whose folder cannot take them still runs.
    }
  }
  return config
}

module.exports = wrapConfig
module.exports.wrapConfig = wrapConfig
