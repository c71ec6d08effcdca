/**
 * Where the browser tests find Chromium. They run wherever Debian's chromium (or CHROMIUM_PATH) exists; where it
 * does not, they are skipped with a printed notice, except under `.ci/run` (PICKET_REQUIRE_CHROMIUM=1), where a
 * missing Chromium fails them.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { listProcesses } from '../../src/runners/browser/proc-tree.js'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH) || process.env.PICKET_REQUIRE_CHROMIUM === '1'

if (!HAS_CHROMIUM) console.warn(`NOTICE: browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`)

/** Live (not zombie) Chromium processes whose command line names `marker` (a runner's work folder). */
export async function liveChromiumProcesses(marker: string): Promise<number> {
  let n = 0
  for (const p of listProcesses()) {
    const cmdline = await readFile(`/proc/${p.pid}/cmdline`, 'utf8').catch(() => '')
    if (/chrom/i.test(cmdline) && cmdline.includes(marker)) n++
  }
  return n
}
