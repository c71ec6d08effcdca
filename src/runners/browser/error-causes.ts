/**
 * Errors of a run that did not get as far as its tests, said by their cause (pure): a module that is not there
 * (which one, and which file imported it), a syntax error (file:line:col), a config that did not load, no test
 * found (where Playwright looked). The text has already had the run's paths made relative (run-layout.ts).
 */
import { stripAnsi } from '../../lib/ansi.js'

export interface ConfigSummary {
  notes: string[]
  testDir: string
  testMatch: string
  projects: string[]
}

const isRunnerFile = (file: string): boolean => /^node_modules\/|(^|\/)picket\.config\.(c|m)js$|^(preload|config-wrapper|net-relay)\.cjs$/.test(file)

/** How to get a missing module: a package comes from package.json, a file of the project from the check's files. */
function missingHint(name: string): string {
  return name.startsWith('.') || name.startsWith('/')
    ? "the file is not among the check's files (paths are relative to the importing file)"
    : `add "${name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/')}" to the project's package.json (its dependencies are installed before the run)`
}

/** A module-not-found error said as "module X, imported by file Y", or null when `text` is not one. */
export function missingModule(text: string): string | null {
  const cjs = /Cannot find module '([^']+)'\s*\n\s*Require stack:\n((?:\s*- .+\n?)+)/.exec(text)
  if (cjs) {
    const stack = (cjs[2] ?? '')
      .split('\n')
      .map((l) => l.replace(/^\s*-\s*/, '').trim())
      .filter(Boolean)
    const by = stack.find((f) => !isRunnerFile(f)) ?? stack[0] ?? 'the run'
    return `Cannot find module '${cjs[1] ?? ''}' imported by ${by}: ${missingHint(cjs[1] ?? '')}`
  }
  const esm = /Cannot find (?:package|module) '([^']+)' imported from (\S+)/.exec(text)
  if (esm) {
    const name = (esm[1] ?? '').replace(/^.*\/node_modules\//, '')
    return `Cannot find module '${name}' imported by ${esm[2] ?? ''}: ${missingHint(name)}`
  }
  return null
}

/** A syntax error said as file:line:col first (Babel, TypeScript and Node each put the position elsewhere). */
export function syntaxError(text: string): string | null {
  const babel = /SyntaxError: ([^\s:]+\.[cm]?[jt]sx?): (.+?) \((\d+):(\d+)\)/.exec(text)
  if (babel) return `Syntax error at ${babel[1] ?? ''}:${babel[3] ?? ''}:${babel[4] ?? ''}: ${babel[2] ?? ''}`
  const node = /^([^\s:]+\.[cm]?[jt]sx?):(\d+)\n[\s\S]*?\nSyntaxError: (.+)$/m.exec(text)
  if (node) return `Syntax error at ${node[1] ?? ''}:${node[2] ?? ''}: ${node[3] ?? ''}`
  return null
}

/** The first frame of `text`'s stack in the project's own files (not the runner's), as file:line:col. */
export function ownFrame(text: string): string | null {
  for (const m of text.matchAll(/^\s+at (?:.*? \()?([^\s()]+\.[cm]?[jt]sx?):(\d+):(\d+)\)?$/gm)) {
    const file = m[1] ?? ''
    if (!isRunnerFile(file) && !file.startsWith('node:')) return `${file}:${m[2] ?? ''}:${m[3] ?? ''}`
  }
  return null
}

/** `text` (an error Playwright or node printed) said by its cause, or null when no cause is recognised. */
export function explainLoadError(text: string): string | null {
  const plain = stripAnsi(text)
  const found = missingModule(plain) ?? syntaxError(plain)
  if (found) return found
  const first = plain
    .split('\n')
    .find((l) => /^\s*(\w*Error|Error):/.test(l))
    ?.trim()
  if (!first) return null
  const where = ownFrame(plain)
  return where ? `${first} (at ${where})` : null
}

/** What "no tests found" means for this project: where Playwright looked, and for which projects. */
export function noTestsMessage(summary: ConfigSummary | null): string {
  if (!summary) return 'No tests found: the check defines no test (or every test was skipped)'
  const projects = summary.projects.length > 0 ? ` (projects: ${summary.projects.join(', ')})` : ''
  const dir = summary.testDir.replace(/^\.\/|\/$/g, '')
  return `No tests found in ${dir === '' || dir === '.' || dir.startsWith('/') ? "the check's root" : dir} matching ${summary.testMatch}${projects}: check testDir and testMatch in the config, and the file filters of testCommand`
}
