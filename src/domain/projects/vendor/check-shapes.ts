/**
 * Where the hosted service's SSL, traceroute and agentic checks mean something other than the same body means to
 * Picket, and what a project written for that service becomes here (pure). Both ways in use it: the vendor CLI's
 * deploy request (translate.ts) and the `checkly/constructs` classes of a project deployed with Picket's CLI.
 *
 * - Traceroute: the hosted service probes with TCP when the request names no protocol, to port 443 (TCP) or 33434
 *   (UDP, SCTP) when it names no port; Picket's API defaults to UDP, so those defaults are written out.
 * - SSL: some certificate properties have other names here (`subjectCN` is `commonName`, `sans` is
 *   `subjectAltNames`, `issuerCN` is looked for in the issuer's whole name, so only with CONTAINS / NOT_CONTAINS);
 *   the ones Picket's runner does not read (`selfSigned`, `isCA`, `keyAlgorithm`, the fingerprints in the hosted
 *   service's notation) are refused rather than deployed as assertions that could never hold. TLS versions are
 *   named alike (`TLS1.3`) and need no change.
 * - Agentic: `agentRuntime.skills` loads third-party skills into the hosted service's agent. Picket's agent has its
 *   own fixed tools and cannot load them, and a prompt written for a skill would fail (or pass) without saying why,
 *   so a non-empty list is refused; an empty list (what the hosted service's CLI always sends) is accepted.
 */

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A problem with one field, its path relative to the check's payload. */
export interface ShapeProblem {
  field: string
  why: string
}

export const VENDOR_TRACEROUTE_PROTOCOL = 'TCP'
/** The port the hosted service probes when the request names none (ICMP has no port). */
export const VENDOR_TRACEROUTE_PORTS: Readonly<Record<string, number>> = { TCP: 443, UDP: 33434, SCTP: 33434 }

/** A traceroute request with the hosted service's protocol and port written out where it leaves them to defaults. */
export function vendorTracerouteRequest(request: unknown): unknown {
  if (!isObject(request)) return request
  const protocol = typeof request.protocol === 'string' ? request.protocol : VENDOR_TRACEROUTE_PROTOCOL
  const port = request.port ?? VENDOR_TRACEROUTE_PORTS[protocol]
  return { ...request, protocol, ...(port === undefined ? {} : { port }) }
}

/** The hosted service's certificate properties that Picket's runner reads under another name. */
const RENAMED_CERTIFICATE_PROPERTIES: Readonly<Record<string, string>> = { subjectCN: 'commonName', sans: 'subjectAltNames', issuerCN: 'issuer' }
const CONTAINS_ONLY = new Set(['issuerCN'])
const REFUSED_CERTIFICATE_PROPERTIES: Readonly<Record<string, string>> = {
  selfSigned: 'Picket does not report whether a certificate is self-signed: assert CONNECTION chainTrusted instead',
  isCA: 'Picket does not report whether the certificate is a CA certificate',
  keyAlgorithm: 'Picket reports the key type as CERTIFICATE keyType (rsa, ec, ed25519 …), not the hosted service’s names',
  fingerprintSha256: 'Picket reports the fingerprint as CERTIFICATE fingerprint256, colon-separated upper-case hex: assert on that',
  issuerFingerprintSha256: 'Picket does not report the issuer certificate’s fingerprint',
}

/** One SSL assertion in Picket's names, or why it cannot be one. */
export function vendorSslAssertion(assertion: unknown, at: string): { assertion: unknown } | { problem: ShapeProblem } {
  if (!isObject(assertion) || assertion.source !== 'CERTIFICATE' || typeof assertion.property !== 'string') return { assertion }
  const property = assertion.property
  const refused = REFUSED_CERTIFICATE_PROPERTIES[property]
  if (refused !== undefined) return { problem: { field: `${at}.property`, why: `"${property}": ${refused}` } }
  const renamed = RENAMED_CERTIFICATE_PROPERTIES[property]
  if (renamed === undefined) return { assertion }
  if (CONTAINS_ONLY.has(property) && assertion.comparison !== 'CONTAINS' && assertion.comparison !== 'NOT_CONTAINS') {
    return { problem: { field: `${at}.comparison`, why: `"${property}" takes CONTAINS or NOT_CONTAINS here: Picket compares it with the issuer's whole name (C=…, O=…, CN=…)` } }
  }
  return { assertion: { ...assertion, property: renamed } }
}

/** An SSL request's assertions in Picket's names, with the problems of those that cannot be. */
export function vendorSslRequest(request: unknown, at: string): { request: unknown; problems: ShapeProblem[] } {
  if (!isObject(request) || !Array.isArray(request.assertions)) return { request, problems: [] }
  const problems: ShapeProblem[] = []
  const assertions = request.assertions.map((a: unknown, i) => {
    const out = vendorSslAssertion(a, `${at}.assertions[${i}]`)
    if ('problem' in out) {
      problems.push(out.problem)
      return a
    }
    return out.assertion
  })
  return { request: { ...request, assertions }, problems }
}

/** Why an agentic check's `agentRuntime` cannot be honoured, or null when it asks for nothing Picket lacks. */
export function agentRuntimeProblem(agentRuntime: unknown, at: string): ShapeProblem | null {
  if (agentRuntime === undefined || agentRuntime === null) return null
  const skills = isObject(agentRuntime) ? agentRuntime.skills : agentRuntime
  if (skills === undefined || skills === null || (Array.isArray(skills) && skills.length === 0)) return null
  return {
    field: `${at}.skills`,
    why: `Picket's agent cannot load skills (${JSON.stringify(skills)}): it drives the browser with its own tools; remove the skills and say in the prompt what to check`,
  }
}

/**
 * A check payload of the given segment in Picket's terms (the three types above; the others as they are), with the
 * problems of what cannot be; `at` is the path the problems are named under. `agentRuntime` is left out: Picket's
 * API has no such field.
 */
export function vendorCheckShape(segment: string, payload: Json, at: string): { payload: Json; problems: ShapeProblem[] } {
  switch (segment) {
    case 'traceroute':
      return { payload: 'request' in payload ? { ...payload, request: vendorTracerouteRequest(payload.request) } : payload, problems: [] }
    case 'ssl': {
      const { request, problems } = vendorSslRequest(payload.request, `${at}.request`)
      return { payload: 'request' in payload ? { ...payload, request } : payload, problems }
    }
    case 'agentic': {
      const { agentRuntime, ...rest } = payload
      const problem = agentRuntimeProblem(agentRuntime, `${at}.agentRuntime`)
      return { payload: rest, problems: problem ? [problem] : [] }
    }
    default:
      return { payload, problems: [] }
  }
}
