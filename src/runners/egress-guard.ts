/**
 * The runners' side of the egress policy (domain/egress.ts): the checks happen where connections are made, after
 * DNS resolution. A host that is an IP address is checked before connecting; a name is resolved by a `lookup`
 * that checks every address it returns before the socket may use one, so the address checked is the address
 * connected to (no second resolution a DNS-rebinding name could answer differently), on every connection,
 * redirects included. A denial is an EgressDeniedError (code EGRESS_DENIED), which net-errors.ts reports as a
 * CONFIG failure that is not retried as a network error.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import type { SslProbe } from './ssl-probe.js'
import { egressChecker, egressDeniedMessage, OPEN_EGRESS, type EgressChecker, type EgressPolicy } from '../domain/egress.js'

export const EGRESS_DENIED = 'EGRESS_DENIED'

export class EgressDeniedError extends Error {
  readonly code = EGRESS_DENIED
  constructor(
    readonly address: string,
    message: string,
  ) {
    super(message)
    this.name = 'EgressDeniedError'
  }
}

/** What a runner holds: the compiled policy (every policy denies something: Picket's own services at least). */
export type EgressGuard = EgressChecker

export function egressGuard(policy: EgressPolicy = OPEN_EGRESS): EgressGuard {
  return egressChecker(policy)
}

const unbracket = (host: string): string => host.replace(/^\[(.*)\]$/, '$1')

/** The denial of connecting to `address` on `port` (reached through `host`), or null when it is allowed. */
export function deniedAddress(guard: EgressGuard, address: string, host?: string, port?: number): EgressDeniedError | null {
  const d = guard.check(address, port)
  return d.denied ? new EgressDeniedError(address, egressDeniedMessage(address, d, host, port)) : null
}

/** For a host that is an IP address: its denial on `port`, or null (names are checked when they are resolved). */
export function deniedLiteral(guard: EgressGuard, host: string, port?: number): EgressDeniedError | null {
  const address = unbracket(host)
  return isIP(address) === 0 ? null : deniedAddress(guard, address, host, port)
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for net/http/tls options: resolves like dns.lookup, then fails with EgressDeniedError when any
 * address of the answer is denied (a name that answers with an internal address is not trusted for the others).
 */
export function guardedLookup(guard: EgressGuard, port?: number, base: LookupFunction = dns.lookup as LookupFunction): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    base(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family)
      const all = Array.isArray(address) ? address : [{ address, family }]
      for (const a of all) {
        const denial = deniedAddress(guard, a.address, hostname, port)
        if (denial) return callback(denial, address, family)
      }
      callback(null, address, family)
    })
  }
  return lookup as LookupFunction
}

/** Resolves `host` (a name or an address) to one address the policy allows; used where no socket does it (ping, name servers). */
export async function resolveAllowed(guard: EgressGuard, host: string, family?: 4 | 6): Promise<{ address: string } | { error: Error }> {
  const literal = unbracket(host)
  if (isIP(literal) !== 0) {
    const denial = deniedAddress(guard, literal, host)
    return denial ? { error: denial } : { address: literal }
  }
  try {
    const answers = await dns.promises.lookup(host, { all: true, ...(family ? { family } : {}) })
    for (const a of answers) {
      const denial = deniedAddress(guard, a.address, host)
      if (denial) return { error: denial }
    }
    const first = answers[0]
    return first ? { address: first.address } : { error: Object.assign(new Error(`DNS lookup of ${host} returned no address`), { code: 'ENOTFOUND', hostname: host }) }
  } catch (err) {
    return { error: err instanceof Error ? err : new Error(String(err)) }
  }
}

/** A certificate probe (sslCheckDomain) under the policy: the host it names is a target too. */
export function egressProbe(guard: EgressGuard, probe: SslProbe): SslProbe {
  return async (req) => {
    const denial = deniedLiteral(guard, req.host, req.port)
    return denial ? { ok: false, error: denial.message } : probe({ ...req, lookup: guardedLookup(guard, req.port) })
  }
}
