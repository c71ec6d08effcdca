/**
 * Builds the web console (console/ → console/dist) with Vite, and writes a gzip and a brotli copy of every asset
 * beside it so the service sends them compressed without compressing per request. With --if-stale it does
 * nothing when the sources have not changed since the last build (a hash of them is kept in dist), so
 * `npm start` and the tests can call it every time.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const consoleDir = join(root, 'console')
const dist = join(consoleDir, 'dist')
const stamp = join(dist, '.source-hash')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

function sourceHash(): string {
  const hash = createHash('sha256')
  const inputs = [...filesUnder(join(consoleDir, 'src')), join(consoleDir, 'index.html'), join(consoleDir, 'vite.config.ts'), join(root, 'package-lock.json')].sort()
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

function compressAssets(): { files: number; bytes: number; gzipBytes: number } {
  let files = 0
  let bytes = 0
  let gzipBytes = 0
  for (const file of filesUnder(join(dist, 'assets'))) {
    if (!/\.(js|css|svg|json|html|txt)$/.test(file)) continue
    const body = readFileSync(file)
    const gz = gzipSync(body, { level: 9 })
    writeFileSync(`${file}.gz`, gz)
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
    files += 1
    bytes += statSync(file).size
    gzipBytes += gz.length
  }
  return { files, bytes, gzipBytes }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const unknown = args.filter((a) => a !== '--if-stale')
  if (unknown.length > 0) {
    process.stderr.write(`Unknown option ${unknown.join(' ')}\nUsage: tsx scripts/build-console.ts [--if-stale]\n`)
    process.exit(2)
  }
  const hash = sourceHash()
  if (args.includes('--if-stale') && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(join(dist, 'index.html'))) return
  const started = Date.now()
  const { build } = await import('vite')
  await build({ configFile: join(consoleDir, 'vite.config.ts'), logLevel: 'warn' })
  const sizes = compressAssets()
  writeFileSync(stamp, hash)
  process.stdout.write(
    `Built the web console in ${((Date.now() - started) / 1000).toFixed(1)} s: ${sizes.files} assets, ${(sizes.bytes / 1024).toFixed(0)} KB (${(sizes.gzipBytes / 1024).toFixed(0)} KB gzipped)\n`,
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`The web console could not be built: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
