/** `npm run build:console`: builds the web console (src/main/console-build.ts); --if-stale skips an up-to-date build. */
import { buildConsole, describeBuild } from '../src/main/console-build.js'

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--if-stale')
if (unknown.length > 0) {
  process.stderr.write(`Unknown option ${unknown.join(' ')}\nUsage: npm run build:console [-- --if-stale]\n`)
  process.exit(2)
}
buildConsole({ ifStale: args.includes('--if-stale') }).then(
  (b) => {
    if (b.built) process.stdout.write(`${describeBuild(b)}\n`)
  },
  (err: unknown) => {
    process.stderr.write(`The web console could not be built: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
