/**
 * The egress policy of one browser run (BROWSER, MULTI_STEP, PLAYWRIGHT): Chromium's traffic goes through the
 * run's own forward proxy (egress-proxy.ts), the run's node processes guard their own sockets (preload.cjs loads
 * sandbox/egress-guard.cjs), and a run in which anything was denied fails with the egress error.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EgressRules } from '../../domain/egress.js'
import type { EgressGuard } from '../egress-guard.js'
import { startEgressProxy } from './egress-proxy.js'
import type { Verdict } from './outcome.js'

const GUARD_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sandbox', 'egress-guard.cjs')

export interface RunEgress {
  /** For the run's environment: PICKET_EGRESS, read by preload.cjs. */
  env: Record<string, string>
  /** What the proxy denied during the run. */
  denials: string[]
  /** The proxy's address, for programs that read proxy settings of their own (npm). */
  proxyUrl: string
  close(): Promise<void>
}

export async function startRunEgress(guard: EgressGuard, rules: EgressRules): Promise<RunEgress> {
  const proxy = await startEgressProxy(guard)
  return { env: { PICKET_EGRESS: JSON.stringify({ rules, guardPath: GUARD_PATH, proxy: proxy.url }) }, denials: proxy.denials, proxyUrl: proxy.url, close: proxy.close }
}

/**
 * A run with a denied connection fails with the policy's message, whatever the script made of it: the page saw
 * only a 403 or a failed tunnel, which a script might not even check. A script error that is an egress denial in
 * the run's own node process (the `request` fixture, fetch) gets the same kind.
 */
export function applyEgressDenials(verdict: Verdict, denials: readonly string[]): Verdict {
  const distinct = [...new Set(denials)] // Chromium retries a failed tunnel, and pages ask twice (favicon)
  const first = distinct[0]
  if (first !== undefined) {
    const more = distinct.length > 1 ? ` (and ${distinct.length - 1} more denied destination${distinct.length > 2 ? 's' : ''})` : ''
    return { status: 'failing', errorKind: 'CONFIG', errorMessage: `${first}${more}`, isDegraded: false, degradedReason: null }
  }
  if (verdict.status === 'failing' && verdict.errorMessage?.includes('Egress policy: ')) return { ...verdict, errorKind: 'CONFIG' }
  return verdict
}
