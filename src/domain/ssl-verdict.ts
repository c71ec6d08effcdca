/**
 * The verdict of an SSL check's handshake, pure: the certificate's validity window and expiry warning, chain trust,
 * host name match and revocation fail or degrade the run; the security baseline's rules each fail, degrade or are
 * only reported, as the check's settings say; and the baseline's overall verdict and grade.
 */
import type { Finding } from './results/classify.js'

export interface TlsObservation {
  /** 'TLSv1.3', 'TLSv1.2' … as negotiated. */
  protocol: string | null
  cipherSuite: string | null
  chainTrusted: boolean
  /** Why the chain is not trusted, in words, when it is not. */
  chainTrustDetail: string | null
  hostnameVerified: boolean
  hostnameDetail: string | null
  validFrom: number
  validTo: number
  /** RSA-equivalent strength of the leaf's public key, in bits. */
  keySizeBits: number | null
  signatureAlgorithm: string | null
  issuer: string
  ocspStapled: boolean
  ocspStatus: string | null
  /** The leaf asks for a stapled OCSP answer (TLS feature "must staple"). */
  mustStaple: boolean
  /** The leaf carries signed certificate timestamps. */
  sctPresent: boolean
}

export interface SslVerdictSettings {
  skipChainValidation: boolean
  alertDaysBeforeExpiry: number
  baseline: Record<string, unknown>
}

export interface BaselineRuleResult {
  rule: string
  passed: boolean
  severity: string
  message: string
}

export interface SslVerdict {
  daysUntilExpiry: number
  findings: Finding[]
  baseline: { enabled: boolean; verdict: 'pass' | 'degrade' | 'fail' | 'disabled'; grade: string; rules: BaselineRuleResult[] }
}

const DAY_MS = 86_400_000
const WEAK_SIGNATURE = /md5|sha1(?!\d)|md2/i
const WEAK_CIPHER = /RC4|3DES|DES-CBC|_DES_|NULL|EXPORT|anon|MD5/i
/** Authorities browsers have stopped trusting: a chain ending in one is refused by most clients. */
const DISTRUSTED_CAS = /DigiNotar|WoSign|StartCom|CNNIC|TrustCor|Camerfirma/i

/**
 * A TLS version as the reference names it ('TLS1.3'), from Node's name ('TLSv1.3') or its own; other text unchanged.
 * Results report versions so, and assertions written either way compare equal.
 */
export const referenceTlsVersion = (v: string): string => v.replace(/^TLSv(\d)/, 'TLS$1')

/** 'TLSv1.3' → 1.3, 'TLS1.2' → 1.2; 0 when unknown. */
export const tlsVersionNumber = (v: string | null): number => {
  const m = /(\d)\.(\d)/.exec(v ?? '')
  return m ? Number(`${m[1]}.${m[2]}`) : 0
}

const ruleOf = (baseline: Record<string, unknown>, name: string): { severity: string; value: unknown } => {
  const r = (baseline[name] ?? {}) as Record<string, unknown>
  return { severity: typeof r.severity === 'string' ? r.severity : 'ignore', value: r.value }
}

function baselineRules(o: TlsObservation, baseline: Record<string, unknown>): BaselineRuleResult[] {
  const check = (rule: string, passed: boolean, message: string): BaselineRuleResult => ({ rule, passed, severity: ruleOf(baseline, rule).severity, message })
  const version = tlsVersionNumber(o.protocol)
  const minTls = String(ruleOf(baseline, 'minTLSVersion').value ?? 'TLS1.2')
  const recTls = String(ruleOf(baseline, 'recommendedTLSVersion').value ?? 'TLS1.3')
  const minKey = Number(ruleOf(baseline, 'minKeySizeBits').value ?? 2048)
  const recKey = Number(ruleOf(baseline, 'recommendedKeySizeBits').value ?? 3072)
  const bits = o.keySizeBits ?? 0
  return [
    check('minTLSVersion', version >= tlsVersionNumber(minTls), `${o.protocol ?? 'unknown'} is older than the minimum ${minTls}`),
    check('minKeySizeBits', bits >= minKey, `the key is ${bits} bits (RSA-equivalent), below the minimum ${minKey}`),
    check('weakSignatureAlgorithm', !WEAK_SIGNATURE.test(o.signatureAlgorithm ?? ''), `the certificate is signed with the weak ${o.signatureAlgorithm}`),
    check('weakCipherSuite', !WEAK_CIPHER.test(o.cipherSuite ?? ''), `the cipher suite ${o.cipherSuite} is weak`),
    check('knownBadCA', !DISTRUSTED_CAS.test(o.issuer), `the issuer ${o.issuer} is a distrusted authority`),
    check('recommendedTLSVersion', version >= tlsVersionNumber(recTls), `${o.protocol ?? 'unknown'} is older than the recommended ${recTls}`),
    check('recommendedKeySizeBits', bits >= recKey, `the key is ${bits} bits (RSA-equivalent), below the recommended ${recKey}`),
    check('ocspMustStapleRespected', !o.mustStaple || o.ocspStapled, 'the certificate must be stapled but the server sent no OCSP answer'),
    check('sctPresent', o.sctPresent, 'the certificate carries no signed certificate timestamps'),
  ]
}

const gradeOf = (rules: BaselineRuleResult[], version: number): string => {
  const broken = rules.filter((r) => !r.passed)
  if (broken.some((r) => r.severity === 'fail')) return 'F'
  if (broken.some((r) => r.severity === 'degrade')) return 'B'
  return broken.length === 0 && version >= 1.3 ? 'A+' : 'A'
}

export function sslVerdict(o: TlsObservation, settings: SslVerdictSettings, now: number): SslVerdict {
  const findings: Finding[] = []
  const fail = (message: string) => findings.push({ severity: 'fail', kind: 'TLS', message })
  const daysUntilExpiry = Math.floor((o.validTo - now) / DAY_MS)
  const expiry = new Date(o.validTo).toISOString()
  if (now > o.validTo) fail(`The certificate expired on ${expiry}`)
  else if (now < o.validFrom) fail(`The certificate is not valid before ${new Date(o.validFrom).toISOString()}`)
  else if (daysUntilExpiry < settings.alertDaysBeforeExpiry) {
    findings.push({ severity: 'degrade', kind: 'TLS', message: `The certificate expires in ${daysUntilExpiry} days (${expiry})` })
  }
  if (!o.chainTrusted && !settings.skipChainValidation) fail(`The certificate chain is not trusted: ${o.chainTrustDetail ?? 'unknown reason'}`)
  if (!o.hostnameVerified) fail(`The certificate does not match the host name: ${o.hostnameDetail ?? 'no matching name'}`)
  if (o.ocspStatus === 'revoked') fail('The stapled OCSP answer says the certificate is revoked')
  const enabled = settings.baseline.enabled !== false
  if (!enabled) return { daysUntilExpiry, findings, baseline: { enabled, verdict: 'disabled', grade: 'N/A', rules: [] } }
  const rules = baselineRules(o, settings.baseline)
  for (const r of rules) {
    if (r.passed || (r.severity !== 'fail' && r.severity !== 'degrade')) continue
    findings.push({ severity: r.severity, kind: 'TLS', message: `Security baseline ${r.rule}: ${r.message}` })
  }
  const broken = rules.filter((r) => !r.passed)
  const verdict = broken.some((r) => r.severity === 'fail') ? 'fail' : broken.some((r) => r.severity === 'degrade') ? 'degrade' : 'pass'
  return { daysUntilExpiry, findings, baseline: { enabled, verdict, grade: gradeOf(rules, tlsVersionNumber(o.protocol)), rules } }
}
