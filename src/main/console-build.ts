/**
 * Builds the web console (console/ → console/dist) with Vite when its sources changed since the last build (a
 * hash of them is kept in dist), and writes a gzip and a brotli copy of every asset so the service sends them
 * compressed without compressing per request. The server calls it before it listens, so `npm start` and
 * `picket serve` always serve the console of the code they run. The build goes to a folder of its own and
 * replaces dist in one rename, so a server never serves half a build.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CONSOLE = join(ROOT, 'console')
const DIST = join(CONSOLE, 'dist')
const STAMP = '.source-hash'

export interface ConsoleBuild {
  built: boolean
  ms: number
  assets: number
  bytes: number
  gzipBytes: number
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

/** Changes when what a build makes from the same sources changes (v2: always a production build). */
const BUILD_FORMAT = 'v2'

function sourceHash(): string {
  const hash = createHash('sha256').update(BUILD_FORMAT)
  const inputs = [...filesUnder(join(CONSOLE, 'src')), join(CONSOLE, 'index.html'), join(CONSOLE, 'vite.config.ts'), join(ROOT, 'package-lock.json')].sort()
  for (const file of inputs) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

function compressAssets(dir: string): Omit<ConsoleBuild, 'built' | 'ms'> {
  const sizes = { assets: 0, bytes: 0, gzipBytes: 0 }
  for (const file of filesUnder(join(dir, 'assets'))) {
    if (!/\.(js|css|svg|json|txt)$/.test(file)) continue
    const body = readFileSync(file)
    const gz = gzipSync(body, { level: 9 })
    writeFileSync(`${file}.gz`, gz)
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
    sizes.assets += 1
    sizes.bytes += body.length
    sizes.gzipBytes += gz.length
  }
  return sizes
}

const isFresh = (hash: string): boolean => existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, STAMP)) && readFileSync(join(DIST, STAMP), 'utf8') === hash

/** Builds the console unless `ifStale` and dist already holds the build of these sources. */
export async function buildConsole(options: { ifStale: boolean }): Promise<ConsoleBuild> {
  const started = Date.now()
  const hash = sourceHash()
  if (options.ifStale && isFresh(hash)) return { built: false, ms: Date.now() - started, assets: 0, bytes: 0, gzipBytes: 0 }
  const out = join(CONSOLE, `.dist-${process.pid}`)
  rmSync(out, { recursive: true, force: true })
  const { build } = await import('vite')
  // Vite builds for production only when NODE_ENV says so or is unset; under the tests (NODE_ENV=test) it would
  // otherwise write development JSX with every element's source location, 20 % larger and slower.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile: join(CONSOLE, 'vite.config.ts'), logLevel: 'warn', mode: 'production', build: { outDir: out, emptyOutDir: true } })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  const sizes = compressAssets(out)
  writeFileSync(join(out, STAMP), hash)
  const old = join(CONSOLE, `.dist-old-${process.pid}`)
  if (existsSync(DIST)) renameSync(DIST, old)
  renameSync(out, DIST)
  rmSync(old, { recursive: true, force: true })
  return { built: true, ms: Date.now() - started, ...sizes }
}

export const describeBuild = (b: ConsoleBuild): string =>
  `Built the web console in ${(b.ms / 1000).toFixed(1)} s: ${b.assets} assets, ${(b.bytes / 1024).toFixed(0)} KB (${(b.gzipBytes / 1024).toFixed(0)} KB gzipped)`
