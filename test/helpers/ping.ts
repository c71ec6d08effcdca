/** Whether the system `ping` (iputils) is installed: ICMP tests that need a real ping are skipped without it. */
import { execFileSync } from 'node:child_process'

export const hasPing = (() => {
  try {
    execFileSync('ping', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
