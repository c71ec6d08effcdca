/**
 * The few things an SSL check reads from DER that Node does not decode: a certificate's signature algorithm, its
 * "must staple" and signed-certificate-timestamp extensions, and the certificate status in a stapled OCSP answer
 * (RFC 6960). A minimal reader of definite-length DER; anything malformed reads as unknown. Pure.
 */

interface Tlv {
  tag: number
  /** First content byte. */
  start: number
  /** One past the last content byte. */
  end: number
}

function readTlv(buf: Buffer, at: number): Tlv | null {
  if (at + 2 > buf.length) return null
  const tag = buf[at] as number
  let len = buf[at + 1] as number
  let start = at + 2
  if (len & 0x80) {
    const n = len & 0x7f
    if (n === 0 || n > 4 || start + n > buf.length) return null
    len = 0
    for (let i = 0; i < n; i++) len = len * 256 + (buf[start + i] as number)
    start += n
  }
  const end = start + len
  return end > buf.length ? null : { tag, start, end }
}

function children(buf: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = []
  for (let at = parent.start; at < parent.end;) {
    const t = readTlv(buf, at)
    if (!t) return out
    out.push(t)
    at = t.end
  }
  return out
}

function oidText(bytes: Buffer): string {
  const first = bytes[0] ?? 0
  const parts = [Math.floor(first / 40), first % 40]
  let value = 0
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f)
    if (!(b & 0x80)) {
      parts.push(value)
      value = 0
    }
  }
  return parts.join('.')
}

const SIGNATURE_ALGORITHMS: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
}

/** The certificate's signature algorithm by name (its OID when unnamed), null when the DER cannot be read. */
export function signatureAlgorithm(cert: Buffer): string | null {
  const top = readTlv(cert, 0)
  const algorithm = top ? children(cert, top)[1] : undefined
  const oid = algorithm ? children(cert, algorithm)[0] : undefined
  if (!oid || oid.tag !== 0x06) return null
  const text = oidText(cert.subarray(oid.start, oid.end))
  return SIGNATURE_ALGORITHMS[text] ?? text
}

/** id-pe-tlsfeature (1.3.6.1.5.5.7.1.24), the extension a "must staple" certificate carries, as DER. */
const TLS_FEATURE_OID = Buffer.from('06082b06010505070118', 'hex')
/** The embedded SCT list extension (1.3.6.1.4.1.11129.2.4.2), as DER. */
const SCT_LIST_OID = Buffer.from('060a2b06010401d679020402', 'hex')

export const hasMustStaple = (cert: Buffer): boolean => cert.includes(TLS_FEATURE_OID)
export const hasSctList = (cert: Buffer): boolean => cert.includes(SCT_LIST_OID)

/**
 * The status of the first certificate in a stapled OCSP response: good, revoked or unknown; or the response status
 * when the responder did not answer (malformedRequest, tryLater …); null when it cannot be read.
 */
export function ocspCertStatus(der: Buffer): string | null {
  const STATUSES = ['successful', 'malformedRequest', 'internalError', 'tryLater', '', 'sigRequired', 'unauthorized']
  const top = readTlv(der, 0)
  const [status, bytes] = top ? children(der, top) : []
  if (!status || status.tag !== 0x0a) return null
  const code = der[status.start] ?? 255
  if (code !== 0) return STATUSES[code] || null
  // responseBytes [0] { SEQUENCE { responseType OID, response OCTET STRING (BasicOCSPResponse) } }
  const wrapped = bytes ? children(der, bytes)[0] : undefined
  const octets = wrapped ? children(der, wrapped)[1] : undefined
  if (!octets || octets.tag !== 0x04) return null
  const basic = readTlv(der, octets.start)
  const tbs = basic ? children(der, basic)[0] : undefined
  // ResponseData: [0] version?, responderID ([1] or [2]), producedAt, responses SEQUENCE OF SingleResponse.
  const parts = tbs ? children(der, tbs).filter((t) => t.tag !== 0xa0) : []
  const responses = parts[2]
  const single = responses ? children(der, responses)[0] : undefined
  const certStatus = single ? children(der, single)[1] : undefined
  if (!certStatus) return null
  return certStatus.tag === 0x80 ? 'good' : certStatus.tag === 0xa1 ? 'revoked' : certStatus.tag === 0x82 ? 'unknown' : null
}
