/**
 * Where the browser tests find Chromium. They run wherever Debian's chromium (or CHROMIUM_PATH) exists; where it
 * does not, they are skipped with a printed notice, except under `.ci/run` (PICKET_REQUIRE_CHROMIUM=1), where a
 * missing Chromium fails them.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH) || process.env.PICKET_REQUIRE_CHROMIUM === '1'

if (!HAS_CHROMIUM) console.warn(`NOTICE: browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`)

/** Live (not zombie) Chromium processes whose command line names `marker` (a runner's work folder). */
export async function liveChromiumProcesses(marker: string): Promise<number> {
  let n = 0
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    const name = /\(([^)]*)\)/.exec(stat)?.[1] ?? ''
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    if (!/chrom/i.test(name) || state === 'Z' || state === 'X') continue
    if ((await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes(marker)) n++
  }
  return n
}
