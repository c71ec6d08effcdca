/**
 * SSL monitors: one TLS handshake with hostname:port (SNI serverName), judged by domain/ssl-verdict.ts: expiry and
 * its warning days, chain trust, host name match, stapled OCSP status and the security baseline. The handshake time
 * is the response time. Results in the reference's CheckResultSsl shape; metric figures at the top of the details.
 */
import { isIP } from 'node:net'
import { checkServerIdentity, type PeerCertificate } from 'node:tls'
import { evaluateAssertions, parseAssertions } from '../domain/assertions/index.js'
import { classifyRun } from '../domain/results/classify.js'
import { referenceTlsVersion, sslVerdict, type TlsObservation } from '../domain/ssl-verdict.js'
import type { EgressPolicy } from '../domain/egress.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, bool, ipFamily, limits, num, str } from './doc-fields.js'
import { egressGuard } from './egress-guard.js'
import { contiguousPhases } from './phases.js'
import { buildRunResult } from './run-result.js'
import { formatName, verifyError } from './ssl-probe.js'
import { hasMustStaple, hasSctList, ocspCertStatus, signatureAlgorithm } from './tls-der.js'
import { chainOf, inspectTls, rsaEquivalentBits, type TlsInspection } from './tls-inspect.js'

export interface SslRunnerOptions {
  egress?: EgressPolicy
  /** Roots trusted besides the system's. */
  ca?: string[]
}

const name = (n: unknown) => formatName(n as Record<string, string>)
const iso = (text: string) => new Date(Date.parse(text)).toISOString()

function certificateView(c: PeerCertificate) {
  return {
    subject: name(c.subject),
    issuer: name(c.issuer),
    validFrom: iso(c.valid_from),
    validTo: iso(c.valid_to),
    serialNumber: c.serialNumber,
    fingerprint256: c.fingerprint256,
  }
}

function observe(t: TlsInspection, serverName: string): { observation: TlsObservation; certificate: Record<string, unknown>; hostnameDetail: string | null } {
  const peer = t.peer as NonNullable<TlsInspection['peer']>
  const identity = checkServerIdentity(serverName, peer)
  const chainTrustDetail = t.authorized ? null : verifyError(t.authorizationError)
  const der = t.leafDer ?? Buffer.alloc(0)
  const keySizeBits = rsaEquivalentBits(t.keyType, t.keyBits, t.curve)
  const ocspStatus = t.ocsp ? ocspCertStatus(t.ocsp) : null
  const observation: TlsObservation = {
    protocol: t.protocol,
    cipherSuite: t.cipher?.standardName ?? t.cipher?.name ?? null,
    chainTrusted: t.authorized,
    chainTrustDetail,
    hostnameVerified: identity === undefined,
    hostnameDetail: identity?.message ?? null,
    validFrom: Date.parse(peer.valid_from),
    validTo: Date.parse(peer.valid_to),
    keySizeBits,
    signatureAlgorithm: signatureAlgorithm(der),
    issuer: name(peer.issuer),
    ocspStapled: t.ocsp !== null,
    ocspStatus,
    mustStaple: hasMustStaple(der),
    sctPresent: hasSctList(der),
  }
  const certificate = {
    ...certificateView(peer),
    commonName: String((peer.subject as unknown as Record<string, unknown> | undefined)?.CN ?? ''),
    subjectAltNames: peer.subjectaltname ?? '',
    keyType: t.keyType,
    keySizeBits,
    signatureAlgorithm: observation.signatureAlgorithm,
  }
  return { observation, certificate, hostnameDetail: observation.hostnameDetail }
}

export function sslRunner(options: SslRunnerOptions = {}): CheckRunner {
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const config = asDoc(asDoc(spec.doc.request).sslConfig)
      const host = str(config.hostname).trim()
      const port = num(config.port) ?? 443
      const serverName = str(config.serverName).trim() || host
      const request = { hostname: host, port, serverName, ipFamily: ipFamily(config.ipFamily) }
      const t = await inspectTls({
        host,
        port,
        serverName,
        family: request.ipFamily === 'IPv6' ? 6 : 4,
        timeoutMs: num(config.handshakeTimeoutMs) ?? 10_000,
        egress,
        ...(options.ca ? { ca: options.ca } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      })
      const phases = contiguousPhases(
        t.start,
        [
          { phase: 'dns', mark: 'lookup', at: t.lookup, expected: isIP(host) === 0 },
          { phase: 'tcp', mark: 'connect', at: t.connect },
          { phase: 'handshake', mark: 'secure', at: t.secure },
        ],
        t.stopped,
      ).phases
      const handshakeTimeMs = t.secure !== undefined && t.connect !== undefined ? Math.round((t.secure - t.connect) * 1000) / 1000 : 0
      const lim = limits(spec.doc)
      if (t.error || !t.peer) {
        const error = t.error ?? { kind: 'TLS' as const, message: 'No certificate', code: null, networkError: false }
        const c = classifyRun({ mode: 'ssl', error, assertions: [], responseTime: handshakeTimeMs, ...lim })
        const details = { request, response: null, requestError: error.message, failureCategory: error.kind, handshakeTimeMs }
        return buildRunResult(c, {
          startedAt,
          stoppedAt: ctx.now(),
          responseTime: handshakeTimeMs,
          assertions: [],
          timingPhases: phases,
          details,
          jobLog: [`TLS handshake with ${host}:${port} failed: ${error.message}`],
        })
      }
      const { observation, certificate } = observe(t, serverName)
      const verdict = sslVerdict(
        observation,
        { skipChainValidation: bool(config.skipChainValidation), alertDaysBeforeExpiry: num(config.alertDaysBeforeExpiry) ?? 20, baseline: asDoc(config.securityBaseline) },
        ctx.now(),
      )
      const incompleteChain = /UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT/.test(t.authorizationError ?? '')
      const chain = chainOf(t.peer).map(certificateView)
      const tlsVersion = observation.protocol === null ? null : referenceTlsVersion(observation.protocol)
      const connection = {
        tlsVersion,
        cipherSuite: observation.cipherSuite,
        chainTrusted: observation.chainTrusted,
        hostnameVerified: observation.hostnameVerified,
        ocspStapled: observation.ocspStapled,
        ocspStatus: observation.ocspStatus,
        resolvedIp: t.remoteAddress,
        handshakeTimeMs,
      }
      const response = {
        resolvedIp: t.remoteAddress,
        protocol: tlsVersion,
        cipherSuite: observation.cipherSuite,
        handshakeTimeMs,
        hostnameVerified: observation.hostnameVerified,
        chainTrusted: observation.chainTrusted,
        daysUntilExpiry: verdict.daysUntilExpiry,
        ocspStapled: observation.ocspStapled,
        ...(observation.ocspStatus ? { ocspStatus: observation.ocspStatus } : {}),
        ...(t.authorizationError ? { chainTrustReason: t.authorizationError, chainTrustDetail: observation.chainTrustDetail ?? '' } : {}),
        incompleteChain,
        ...(incompleteChain && chain.length > 0 ? { missingIntermediate: chain[chain.length - 1]?.issuer ?? '' } : {}),
        securityBaseline: verdict.baseline,
        certificate: { ...certificate, daysUntilExpiry: verdict.daysUntilExpiry },
        chain,
      }
      const assertions = evaluateAssertions(
        { kind: 'ssl', certificate: response.certificate, connection, handshakeTimeMs, json: response },
        parseAssertions(asDoc(spec.doc.request).assertions).map((a) =>
          a.source === 'CONNECTION' && a.property === 'tlsVersion' ? { ...a, target: referenceTlsVersion(a.target) } : a,
        ),
      )
      const c = classifyRun({ mode: 'ssl', assertions, responseTime: handshakeTimeMs, findings: verdict.findings, ...lim })
      const details = {
        tlsVersion: tlsVersion ?? '',
        cipherSuite: observation.cipherSuite ?? '',
        daysUntilExpiry: verdict.daysUntilExpiry,
        handshakeTimeMs,
        keySizeBits: observation.keySizeBits,
        chainTrusted: observation.chainTrusted,
        hostnameVerified: observation.hostnameVerified,
        baselineVerdict: verdict.baseline.verdict,
        baselineGrade: verdict.baseline.grade,
        failureCategory: c.errorKind === null ? null : verdict.findings.find((f) => f.severity === 'fail') ? 'CERTIFICATE' : c.errorKind,
        findings: verdict.findings,
        request,
        response,
      }
      const jobLog = [
        `TLS handshake with ${host}:${port} (${t.remoteAddress ?? '?'}) as ${serverName}: ${observation.protocol ?? '?'}, ${observation.cipherSuite ?? '?'}`,
        `Certificate ${certificate.subject} issued by ${certificate.issuer}, valid until ${certificate.validTo} (${verdict.daysUntilExpiry} days)`,
        ...verdict.findings.map((f) => `${f.severity === 'fail' ? 'Fails' : 'Degrades'}: ${f.message}`),
      ]
      return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime: handshakeTimeMs, assertions, timingPhases: phases, details, jobLog })
    },
  }
}
