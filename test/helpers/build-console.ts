/** Vitest global setup: the console is built (when its sources changed) before any test serves it. */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-console.ts', '--if-stale'], { cwd: root, stdio: 'inherit' })
}
