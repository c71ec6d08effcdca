/**
 * What installing a check's dependencies means (pure): which package.json and lockfile, which npm command, and the
 * cache key of the result. `@playwright/test`, `playwright` and `playwright-core` are taken out of both files
 * before npm sees them: a run always uses the runner's own Playwright (the one its Chromium and its report reader
 * are made for), and npm then neither downloads a second copy nor fails on one; a project that asks for another
 * version is told so in the result.
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import { parseInstallCommand } from '../../domain/checks/suite-commands.js'
import type { RunFile } from './workspace.js'

export const RUNTIME_PACKAGES = ['@playwright/test', 'playwright', 'playwright-core'] as const
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json'] as const

export interface InstallPlan {
  /** What npm runs, or null when the project needs nothing installed. */
  install: Install | null
  /** What the result says about the project's dependencies. */
  notes: string[]
}

export interface Install {
  /** Folder of the package.json, relative to the check's root ('' for the root). */
  at: string
  /** package.json, the lockfile and .npmrc as npm gets them (runtime packages taken out). */
  files: RunFile[]
  /** npm's arguments. */
  args: string[]
  /** How the result names the command. */
  label: string
  key: string
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

function parseJson(file: RunFile): { value: Json } | { error: string } {
  try {
    const value: unknown = JSON.parse(file.content)
    return isObject(value) ? { value } : { error: `${file.path} is not a JSON object` }
  } catch (err) {
    return { error: `${file.path} is not valid JSON: ${(err as Error).message}` }
  }
}

/** The version a spec like ^1.48.2 or 1.48.x starts from, or null (a tag, a URL). */
const baseVersion = (spec: string): string | null => /^[\^~=v]*(\d+\.\d+(\.\d+)?)/.exec(spec.trim())?.[1] ?? null

/** package.json without the runtime packages, and a note for each that asks for a version the runner does not have. */
function withoutRuntime(pkg: Json, runtimeVersion: string, notes: string[]): Json {
  const out: Json = { ...pkg }
  for (const field of DEPENDENCY_FIELDS) {
    const deps = pkg[field]
    if (!isObject(deps)) continue
    const kept: Json = {}
    for (const [name, spec] of Object.entries(deps)) {
      if (!(RUNTIME_PACKAGES as readonly string[]).includes(name)) {
        kept[name] = spec
        continue
      }
      const base = typeof spec === 'string' ? baseVersion(spec) : null
      if (runtimeVersion !== '' && (base === null || base.split('.').slice(0, 2).join('.') !== runtimeVersion.split('.').slice(0, 2).join('.'))) {
        notes.push(`package.json asks for ${name} ${String(spec)}; the run uses the runner's Playwright ${runtimeVersion}`)
      }
    }
    out[field] = kept
  }
  return out
}

/** The lockfile without the runtime packages (lockfile versions 1 to 3), so that `npm ci` agrees with package.json. */
function lockWithout(lock: Json): Json {
  const out: Json = { ...lock }
  const runtime = (key: string): boolean => RUNTIME_PACKAGES.some((p) => key === `node_modules/${p}` || key.endsWith(`/node_modules/${p}`))
  if (isObject(lock.packages)) {
    const packages: Json = {}
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (runtime(key)) continue
      packages[key] = key === '' && isObject(entry) ? withoutRuntime(entry, '', []) : entry
    }
    out.packages = packages
  }
  if (isObject(lock.dependencies)) {
    const deps: Json = {}
    for (const [name, entry] of Object.entries(lock.dependencies)) if (!(RUNTIME_PACKAGES as readonly string[]).includes(name)) deps[name] = entry
    out.dependencies = deps
  }
  return out
}

export interface InstallInput {
  files: readonly RunFile[]
  /** The check's working folder (relative, '' for the root). */
  at: string
  installCommand: string
  runtime: { node: string; playwright: string }
  allowScripts: boolean
}

/** The install a check needs (none without a package.json or an install command), or why it cannot run. */
export function planInstall(input: InstallInput): InstallPlan | { error: string } {
  const find = (name: string): RunFile | undefined => input.files.find((f) => f.path === path.posix.join(input.at, name))
  const command = parseInstallCommand(input.installCommand)
  if (command && 'error' in command) return { error: `installCommand ${command.error}` }
  const pkgFile = find('package.json')
  if (!pkgFile)
    return command
      ? { error: `installCommand is "${input.installCommand}" but there is no ${path.posix.join(input.at, 'package.json')} to install from` }
      : { install: null, notes: [] }
  const parsed = parseJson(pkgFile)
  if ('error' in parsed) return parsed
  const pkg = parsed.value
  const notes: string[] = []
  const lockFile = LOCKFILES.map(find).find((f) => f !== undefined)
  const lockParsed = lockFile ? parseJson(lockFile) : null
  if (lockParsed && 'error' in lockParsed) return lockParsed
  const lock = lockParsed?.value ?? null
  if (!lockFile && (find('yarn.lock') || find('pnpm-lock.yaml')))
    notes.push('yarn.lock and pnpm-lock.yaml are not read: npm installs from package.json (add a package-lock.json to pin versions)')
  const stripped = withoutRuntime(pkg, input.runtime.playwright, notes)
  const hasDependencies = DEPENDENCY_FIELDS.some((f) => isObject(stripped[f]) && Object.keys(stripped[f] as Json).length > 0)
  if (!hasDependencies && !command) return { install: null, notes }
  const verb = command?.verb ?? (lockFile ? 'ci' : 'install')
  const flags = command?.flags ?? []
  const args = [verb, ...flags, '--no-audit', '--no-fund', '--no-update-notifier', ...(input.allowScripts || flags.includes('--ignore-scripts') ? [] : ['--ignore-scripts'])]
  const files: RunFile[] = [{ path: 'package.json', content: `${JSON.stringify(stripped, null, 2)}\n` }]
  if (lockFile && lock) files.push({ path: path.posix.basename(lockFile.path), content: `${JSON.stringify(lockWithout(lock), null, 2)}\n` })
  const npmrc = find('.npmrc')
  if (npmrc) files.push({ ...npmrc, path: '.npmrc' })
  const key = createHash('sha256')
    .update(JSON.stringify({ args, runtime: input.runtime, files }))
    .digest('hex')
    .slice(0, 32)
  return { install: { at: input.at, files, args, label: `npm ${[verb, ...flags].join(' ')}`, key }, notes }
}

/**
 * The check's variables an .npmrc names as `${NAME}` (a registry token, as teams write it): npm expands them, so
 * they reach npm's environment, and no other variable does.
 */
export function npmrcVariables(install: Install, variables: Readonly<Record<string, string>>): Record<string, string> {
  const npmrc = install.files.find((f) => f.path === '.npmrc')?.content ?? ''
  const out: Record<string, string> = {}
  for (const m of npmrc.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    const name = m[1] as string
    if (Object.prototype.hasOwnProperty.call(variables, name)) out[name] = variables[name] as string
  }
  return out
}
