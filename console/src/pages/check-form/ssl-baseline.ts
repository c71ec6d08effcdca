/** The SSL security baseline's rules in words, in the order the form and a result show them, and what breaking one does. */

export const BASELINE_RULES: ReadonlyArray<{ rule: string; label: string; value?: 'tls' | 'bits' }> = [
  { rule: 'minTLSVersion', label: 'Minimum TLS version', value: 'tls' },
  { rule: 'recommendedTLSVersion', label: 'Recommended TLS version', value: 'tls' },
  { rule: 'minKeySizeBits', label: 'Minimum key size (RSA-equivalent bits)', value: 'bits' },
  { rule: 'recommendedKeySizeBits', label: 'Recommended key size (RSA-equivalent bits)', value: 'bits' },
  { rule: 'weakSignatureAlgorithm', label: 'Weak signature algorithm' },
  { rule: 'weakCipherSuite', label: 'Weak cipher suite' },
  { rule: 'knownBadCA', label: 'Distrusted certificate authority' },
  { rule: 'ocspMustStapleRespected', label: 'OCSP must-staple not honoured' },
  { rule: 'sctPresent', label: 'No signed certificate timestamps' },
]

export const SEVERITIES = [
  { value: 'fail', label: 'Fails the run' },
  { value: 'degrade', label: 'Degrades the run' },
  { value: 'ignore', label: 'Only reported' },
] as const

export const ruleLabel = (rule: string): string => BASELINE_RULES.find((r) => r.rule === rule)?.label ?? rule
export const severityLabel = (severity: string): string => SEVERITIES.find((s) => s.value === severity)?.label ?? severity
