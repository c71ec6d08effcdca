// Preloaded into a process under benchmark (`node --import ./bench/cpu-profile.mjs`, through NODE_OPTIONS, where
// --cpu-prof is not allowed): records a V8 CPU profile from SIGUSR2 (or from the start when BENCH_CPU_PROFILE_NOW
// is set) until the process exits, and writes it to the file named by BENCH_CPU_PROFILE. Starting on a signal lets
// a benchmark leave its setup (thousands of creates) out of the profile. The in-thread inspector session answers
// synchronously, so the profile can be written from the 'exit' handler.
import fs from 'node:fs'
import { Session } from 'node:inspector'

const file = process.env.BENCH_CPU_PROFILE
if (file) {
  const session = new Session()
  session.connect()
  let started = false
  const start = () => {
    if (started) return
    started = true
    session.post('Profiler.enable')
    session.post('Profiler.setSamplingInterval', { interval: 500 })
    session.post('Profiler.start')
  }
  if (process.env.BENCH_CPU_PROFILE_NOW) start()
  else process.on('SIGUSR2', start)
  process.on('exit', () => {
    if (!started) return
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(file, JSON.stringify(result.profile))
    })
  })
}
