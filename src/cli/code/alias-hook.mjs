// Node module resolution hook (module.register, src/cli/code/module-alias.ts) for loading a project's files:
// - 'picket/constructs' (and, for projects written for the hosted service's CLI, 'checkly' and
//   'checkly/constructs') resolve to a module that re-exports the constructs the CLI's project loader imported
//   (published under a global key by module-alias.ts), wherever the project folder is: a project needs no install
//   of its own, an installed vendor package is not what runs, and its constructs register in the loader's session
//   whether the CLI runs from its sources or its bundle;
// - a project's TypeScript files load as ES modules even where no package.json says "type": "module" (tsx would
//   otherwise compile them to CommonJS, which cannot import the constructs);
// - such a file that uses __dirname or __filename without declaring them gets them, as it would have them compiled
//   to CommonJS (the hosted service's CLI compiles check files so, and its projects rely on it);
// - for the same reason a relative import without extension (`import { channel } from './alert-channels'`) finds
//   the file as CommonJS resolution would: with .ts, .js and the other script extensions, or as a folder's index.
const SCHEME = 'picket-constructs:'
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
let exportsOf = {}
const forced = new Set()

export function initialize(data) {
  exportsOf = data.exports
}

/** The source of the module an alias resolves to: each export of the loader's module, under its own name. */
function aliasSource(name) {
  const names = exportsOf[name].filter((n) => n === 'default' || IDENTIFIER.test(n))
  const lines = [`const picketConstructs = globalThis[Symbol.for('picket.constructs')][${JSON.stringify(name)}]`]
  const named = names.filter((n) => n !== 'default')
  if (named.length > 0) lines.push(`export const { ${named.join(', ')} } = picketConstructs`)
  if (names.includes('default')) lines.push('export default picketConstructs.default')
  return lines.join('\n')
}

export async function resolve(specifier, context, next) {
  if (Object.hasOwn(exportsOf, specifier)) return { url: SCHEME + encodeURIComponent(specifier), format: 'module', shortCircuit: true }
  const resolved = await nextOrExtensionless(specifier, context, next)
  // tsx marks what it resolves for a parent it took for CommonJS with queries of its own; the file is the same.
  const url = resolved.url.replace(/(?:%3F|\?)tsx-.*$/, '')
  if (/\.m?ts$/.test(url) && !url.includes('/node_modules/') && resolved.format === 'commonjs') {
    forced.add(url)
    return { ...resolved, url, format: 'module' }
  }
  return resolved
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js']

async function nextOrExtensionless(specifier, context, next) {
  try {
    return await next(specifier, context)
  } catch (err) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../')
    if (!relative || /\.[cm]?[jt]sx?$/.test(specifier) || err?.code !== 'ERR_MODULE_NOT_FOUND') throw err
    for (const extension of EXTENSIONS) {
      try {
        return await next(specifier + extension, context)
      } catch {
        // the next extension
      }
    }
    throw err
  }
}

const USES = /\b__(?:dirname|filename)\b/
const DECLARES = /\b(?:const|let|var|function)\s+__(?:dirname|filename)\b/

export async function load(url, context, next) {
  if (url.startsWith(SCHEME)) return { format: 'module', source: aliasSource(decodeURIComponent(url.slice(SCHEME.length))), shortCircuit: true }
  const loaded = await next(url, context)
  if (!forced.has(url) || loaded.source === undefined || loaded.source === null) return loaded
  const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source)
  if (!USES.test(source) || DECLARES.test(source)) return loaded
  const file = new URL(url).pathname
  const dir = file.slice(0, file.lastIndexOf('/'))
  // On the first line, so that line numbers in errors stay the file's own.
  const prelude = `const __filename = ${JSON.stringify(decodeURIComponent(file))}, __dirname = ${JSON.stringify(decodeURIComponent(dir))};`
  return { ...loaded, source: prelude + source }
}
