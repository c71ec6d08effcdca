/**
 * A package registry on 127.0.0.1 port 0 that speaks npm's protocol (a packument per package, tarballs with
 * sha512 integrity), serving real packages packed with `npm pack` from this repository's node_modules, or made
 * on the spot. Projects under test point at it with an .npmrc, as teams point at a private registry; it counts
 * what it served, so a test can tell a cached install from a fresh one.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface NpmRegistry {
  url: string
  /** Tarball downloads so far, by package name. */
  downloads: Map<string, number>
  /** A project's .npmrc that installs from this registry. */
  npmrc: string
  close(): Promise<void>
}

interface Published {
  name: string
  version: string
  tarball: Buffer
  manifest: Record<string, unknown>
}

/** Packs a package folder with npm itself. */
async function pack(dir: string, into: string): Promise<Buffer> {
  const { stdout } = await run('npm', ['pack', dir, '--json', '--pack-destination', into, '--ignore-scripts'], { maxBuffer: 16 * 1024 * 1024 })
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>
  return readFile(path.join(into, (info as { filename: string }).filename))
}

/** A package folder made from `files`, for a package that only a test needs. */
export async function makePackage(root: string, name: string, version: string, files: Record<string, string>, manifest: Record<string, unknown> = {}): Promise<string> {
  const dir = path.join(root, name.replace('/', '__'))
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version, main: 'index.js', license: 'MIT', ...manifest }))
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), content)
  }
  return dir
}

/**
 * Starts a registry serving the packages in `folders` (each a package folder with its package.json); with `token`,
 * only to requests that carry it (as a private registry does).
 */
export async function startNpmRegistry(folders: string[], options: { token?: string } = {}): Promise<NpmRegistry> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'npm-reg-'))
  const packages = new Map<string, Published>()
  for (const folder of folders) {
    const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
    packages.set(String(manifest.name), { name: String(manifest.name), version: String(manifest.version), tarball: await pack(folder, work), manifest })
  }
  const downloads = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
    const tarball = /^\/(.+)\/-\/[^/]+\.tgz$/.exec(url)
    const name = tarball ? (tarball[1] as string) : url.slice(1)
    const pkg = packages.get(name)
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
      res.end(JSON.stringify({ error: 'authentication required' }))
      return
    }
    if (!pkg) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'Not found' }))
      return
    }
    if (tarball) {
      downloads.set(name, (downloads.get(name) ?? 0) + 1)
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(pkg.tarball.length) })
      res.end(pkg.tarball)
      return
    }
    const base = `http://${req.headers.host ?? ''}`
    const file = `${name.split('/').pop() ?? name}-${pkg.version}.tgz`
    const dist = {
      tarball: `${base}/${name}/-/${file}`,
      integrity: `sha512-${createHash('sha512').update(pkg.tarball).digest('base64')}`,
      shasum: createHash('sha1').update(pkg.tarball).digest('hex'),
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: { ...pkg.manifest, dist } } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return {
    url,
    downloads,
    npmrc: `registry=${url}\n`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(work, { recursive: true, force: true })
    },
  }
}

/** The lockfile npm writes for `files` (package.json and .npmrc) against the registry: as a team would commit it. */
export async function lockfileFor(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'npm-lock-'))
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content)
    await run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: { ...process.env, npm_config_cache: path.join(dir, '.cache') },
    })
    return await readFile(path.join(dir, 'package-lock.json'), 'utf8')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
