// The `picket` command's own modules (src/main/cli.ts, what it imports statically, and the project tools it imports
// dynamically: the project loader, the constructs, deploy and test) as JavaScript files, so that the commands that
// run nothing else (help, usage errors, login, logout, whoami, init, trigger, destroy --project) start without the
// TypeScript loader (tsx), whose start-up alone costs several times Node's own, and deploy and test register tsx
// for the project's own files only, instead of loading some two hundred of Picket's through it.
//
// The bundle is built with esbuild the first time and kept in node_modules/.cache/picket/cli/ with a manifest of
// the content hash of every source file in it: a start reads and hashes those files (a few dozen, milliseconds)
// and rebuilds when one changed, so an edited source is never run stale. The modules cli.ts imports dynamically
// (the service, the store, the operator commands) stay out of the bundle, as file URLs of their TypeScript sources:
// only a process that registered tsx may reach them (bin/picket.js asks cli.ts's needsSourceLoader first). The
// project tools are bundled as chunks of their own, loaded only by the commands that use them.
// Anything that goes wrong (no esbuild, a read-only install, a corrupt cache) answers null: bin/picket.js then
// runs the sources with tsx, as it always could.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ENTRY = 'src/main/cli.ts'
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'picket', 'cli')
const MANIFEST = path.join(CACHE, 'manifest.json')
/** Changed when the way the bundle is built changes, so that an older bundle is rebuilt. */
const FORMAT = 2

const sha256 = (data) => createHash('sha256').update(data).digest('hex')

/** The bundle's file when the manifest is intact and every source it lists is unchanged; otherwise null. */
function validBundle() {
  try {
    const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
    if (manifest.format !== FORMAT || typeof manifest.bundle !== 'string' || typeof manifest.inputs !== 'object') return null
    for (const [file, hash] of Object.entries(manifest.inputs)) if (sha256(fs.readFileSync(path.join(ROOT, file))) !== hash) return null
    if (!/^cli-[0-9a-f]{16}\/cli\.js$/.test(manifest.bundle)) return null
    const bundle = path.join(CACHE, manifest.bundle)
    return fs.existsSync(bundle) ? bundle : null
  } catch {
    return null
  }
}

/**
 * In the bundle every module's import.meta.url would be the bundle's: each source gets its own file's URL written
 * in (init.ts finds its templates by it). Dynamic imports are left to Node, by the URL of their source, except
 * those of the CLI's own project tools (src/cli/code/), which become chunks.
 */
const BUNDLED_DYNAMIC = path.join(ROOT, 'src', 'cli', 'code') + path.sep
const sourcesPlugin = {
  name: 'picket-sources',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import' || args.resolveDir + path.sep === BUNDLED_DYNAMIC) return undefined
      const file = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'))
      return { path: pathToFileURL(file).href, external: true }
    })
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const url = pathToFileURL(args.path).href
      const source = fs
        .readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
      return { contents: source, loader: 'ts' }
    })
  },
}

/** Builds the bundle; written under a private name and renamed into place, so that concurrent starts never see half a file. */
async function build() {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, ENTRY)],
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    outdir: path.join(CACHE, 'out'),
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    plugins: [sourcesPlugin],
  })
  const inputs = {}
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = sha256(fs.readFileSync(path.join(ROOT, file)))
  // Each build in a folder of its own, named by its content: the entry imports its chunks by relative paths.
  const digest = sha256(result.outputFiles.map((f) => f.hash).join(':')).slice(0, 16)
  const folder = `cli-${digest}`
  const unique = `.${process.pid}-${Date.now()}`
  const staging = path.join(CACHE, folder + unique)
  fs.mkdirSync(staging, { recursive: true })
  let entry = null
  for (const file of result.outputFiles) {
    const name = path.relative(path.join(CACHE, 'out'), file.path)
    fs.writeFileSync(path.join(staging, name), file.contents)
    if (name === 'cli.js') entry = name
  }
  if (entry === null) throw new Error('the bundle has no cli.js')
  try {
    fs.renameSync(staging, path.join(CACHE, folder))
  } catch {
    // A concurrent start wrote the same build first.
    fs.rmSync(staging, { recursive: true, force: true })
  }
  fs.writeFileSync(MANIFEST + unique, JSON.stringify({ format: FORMAT, bundle: `${folder}/${entry}`, inputs }))
  fs.renameSync(MANIFEST + unique, MANIFEST)
  // Earlier builds go; a start that was about to import one falls back to tsx.
  for (const old of fs.readdirSync(CACHE)) if (old.startsWith('cli-') && old !== folder) fs.rmSync(path.join(CACHE, old), { recursive: true, force: true })
  return path.join(CACHE, folder, entry)
}

/** The bundled cli.ts module ({ main, needsSourceLoader }), or null when it cannot be had. */
export async function loadCliBundle() {
  try {
    const bundle = validBundle() ?? (await build())
    return await import(pathToFileURL(bundle).href)
  } catch {
    return null
  }
}
