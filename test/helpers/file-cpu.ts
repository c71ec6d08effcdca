/**
 * Records what each test file cost in CPU, when PICKET_TEST_CPU_LOG names a file to append to: the worker's own
 * time (the file's imports included) and that of the processes it started and waited for (a server, a CLI, Chromium), read from /proc/self/stat
 * before and after the file. Workers are separate processes, so files running at the same time do not mix. It
 * only records; nothing is asserted on it.
 */
import fs from 'node:fs'
import { afterAll } from 'vitest'

const TICKS_PER_SECOND = 100
const log = process.env.PICKET_TEST_CPU_LOG

/** utime + stime + cutime + cstime of this process, in seconds. */
function cpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / TICKS_PER_SECOND
}

if (log) {
  // Read when the setup file runs, before the test file is imported, so that its imports count too.
  const startCpu = cpuSeconds()
  const startWall = performance.now()
  afterAll((suite) => {
    const file = 'filepath' in suite ? String(suite.filepath) : suite.name
    fs.appendFileSync(log, `${JSON.stringify({ file, cpu: Math.round((cpuSeconds() - startCpu) * 100) / 100, wall: Math.round(performance.now() - startWall) / 1000 })}\n`)
  })
}
