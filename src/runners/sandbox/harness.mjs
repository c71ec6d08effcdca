// The child side of the script sandbox. Plain JavaScript: it runs under bare `node` (no tsx), started by
// spawn-child.ts with the permission model on, an empty environment and a heap cap.
// Protocol: one JSON job on stdin {phase, script, input, nonce, maxDataBytes, nodeModulesDir};
// a start line when the script begins, log lines and then one result line on stdout, each prefixed with the
// nonce, then exit. Everything the script
// prints (console, process.stdout/stderr) becomes a log line.
import vm from 'node:vm'
import os from 'node:os'
import path from 'node:path'
import { Buffer } from 'node:buffer'
import { format, inspect } from 'node:util'
import { createRequire, syncBuiltinESMExports } from 'node:module'

const MAX_LOG_LINES = 100
const MAX_LOG_CHARS = 1000
const BLOCKED_MODULES = new Set(['fs', 'child_process', 'worker_threads'])

// Trusted references, taken before any user code runs.
const stringify = JSON.stringify
const rawStdoutWrite = process.stdout.write.bind(process.stdout)
const exit = process.exit.bind(process)

// Process-level escape hatches the permission model of Node 20 does not cover: signalling other processes
// (process.kill, and _debugProcess, which would open another process's inspector) and renicing them.
const denied = (name) => () => {
  throw Object.assign(new Error(`${name} is not available in scripts`), { code: 'ERR_ACCESS_DENIED' })
}
for (const name of ['kill', '_kill', '_debugProcess', '_debugEnd', 'dlopen', 'binding', '_linkedBinding']) {
  process[name] = denied(`process.${name}`)
}
os.setPriority = denied('os.setPriority')
syncBuiltinESMExports()

// Log lines go out as they happen (`<nonce>L<JSON string>`), so a script that is killed still shows its output.
let job
let logCount = 0
let droppedLogs = 0
function pushLog(prefix, args) {
  if (!job) return
  if (logCount >= MAX_LOG_LINES) return void droppedLogs++
  logCount++
  const line = prefix + format(...args)
  const bounded = line.length > MAX_LOG_CHARS ? `${line.slice(0, MAX_LOG_CHARS - 1)}…` : line
  rawStdoutWrite(`\n${job.nonce}L${stringify(bounded)}\n`)
}
for (const [method, prefix] of [
  ['log', ''],
  ['info', ''],
  ['debug', ''],
  ['warn', '[warn] '],
  ['error', '[error] '],
]) {
  console[method] = (...args) => pushLog(prefix, args)
}
const captureStream =
  (prefix) =>
  (chunk, ...rest) => {
    pushLog(prefix, [String(chunk).replace(/\n$/, '')])
    const callback = rest.find((arg) => typeof arg === 'function')
    if (callback) callback()
    return true
  }
process.stdout.write = captureStream('')
process.stderr.write = captureStream('[error] ')

let finished = false
function finish(outcome) {
  if (finished) return
  finished = true
  let data = stringify(outcome)
  if (Buffer.byteLength(data) > job.maxDataBytes) {
    data = stringify({ ok: false, error: `Script output is larger than ${job.maxDataBytes / 1024} KB` })
  }
  const result = `${data.slice(0, -1)},"droppedLogs":${droppedLogs}}`
  rawStdoutWrite(`\n${job.nonce}R${result}\n`, () => exit(0))
}

/** "<message> (line N)": the line is that of the innermost stack frame inside the user's script. */
function describeError(error, filename) {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : inspect(error, { depth: 2 })
  let message = error.message || error.name
  if (error.name && error.name !== 'Error' && !message.startsWith(error.name)) message = `${error.name}: ${message}`
  if (error.cause instanceof Error && error.cause.message) message += `: ${error.cause.message}`
  const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const line = new RegExp(`${escaped}:(\\d+)`).exec(String(error.stack))?.[1]
  message = message.length > MAX_LOG_CHARS ? `${message.slice(0, MAX_LOG_CHARS - 1)}…` : message
  return line ? `${message} (line ${line})` : message
}

const text = (value) => {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : typeof value === 'object' ? stringify(value) : String(value)
}
function textMap(value) {
  const out = {}
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (item !== undefined && item !== null) out[key] = text(item)
  }
  return out
}
const structuredCopy = (value) => JSON.parse(stringify(value))
function deepFreeze(value) {
  if (value && typeof value === 'object') for (const item of Object.values(Object.freeze(value))) deepFreeze(item)
  return value
}

/** The response of a teardown script: every field read-only except `body`. */
function teardownResponse(input) {
  const response = { ...deepFreeze(structuredCopy(input)), body: input.body }
  for (const key of Object.keys(response)) if (key !== 'body') Object.defineProperty(response, key, { writable: false })
  return Object.seal(response)
}
function sandboxRequire(baseRequire) {
  return function require(id) {
    const name = String(id)
      .replace(/^node:/, '')
      .split('/')[0]
    if (BLOCKED_MODULES.has(name)) throw new Error(`require('${id}') is not allowed in scripts`)
    return baseRequire(id)
  }
}

async function main() {
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  job = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  const filename = `${job.phase}-script.js`
  process.on('uncaughtException', (error) => finish({ ok: false, error: describeError(error, filename) }))
  process.on('unhandledRejection', (error) => finish({ ok: false, error: describeError(error, filename) }))
  process.once('beforeExit', () => finish({ ok: false, error: 'Script never finished: it awaited a promise that never settled' }))

  // The egress policy, when the service has one: every socket of this process is guarded before the script runs.
  if (job.egress) createRequire(import.meta.url)(job.egress.guardPath).installEgressGuard(job.egress.rules)
  // Here process.env is the script's environment, not the service's settings: scripts read their run's variables
  // through it, as users expect, so it is emptied and filled from the job. This process runs outside the service
  // and cannot import src/config.
  for (const key of Object.keys(process.env)) delete process.env[key]
  Object.assign(process.env, job.input.env)
  const setup = job.phase === 'setup'
  const request = setup ? structuredCopy(job.input.request) : deepFreeze(structuredCopy(job.input.request))
  const response = setup ? undefined : teardownResponse(job.input.response)
  const require = sandboxRequire(createRequire(path.join(job.nodeModulesDir, '_sandbox.js')))

  // The time limit counts from here: the parent starts its clock when it reads this frame, so a slow start of
  // node on a loaded machine does not eat into the script's time.
  rawStdoutWrite(`\n${job.nonce}S0\n`)
  try {
    const source = `(async function (request, response, require) {\n${job.script}\n})`
    const run = vm.runInThisContext(source, { filename, lineOffset: -1 })
    await run(request, response, require)
  } catch (error) {
    return finish({ ok: false, error: describeError(error, filename) })
  }
  if (!setup) return finish({ ok: true, responseBody: text(response.body) })
  const changed = {
    method: text(request.method),
    url: text(request.url),
    body: text(request.body),
    headers: textMap(request.headers),
    queryParameters: textMap(request.queryParameters),
  }
  finish({ ok: true, request: changed, env: textMap(process.env) })
}

main().catch((error) => finish({ ok: false, error: `Script sandbox failed: ${describeError(error, '-')}` }))
