/**
 * What an SSL run found: the certificate (subject, issuer, validity and days left), the handshake (protocol,
 * cipher, chain trust, host name match, OCSP), the security baseline rule by rule, and the chain.
 */
import { formatDateTime, formatMs } from '../../../lib/format'
import { Badge, Card, TableWrap } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { ruleLabel, severityLabel } from '../../check-form/ssl-baseline'
import { Facts, asRecord, text } from './result-parts'

const yesNo = (v: unknown, yes: string, no: string): string => (v === true ? yes : v === false ? no : '')
const VERDICT = {
  pass: { tone: 'ok', words: 'Passed' },
  degrade: { tone: 'degraded', words: 'Degraded' },
  fail: { tone: 'failing', words: 'Failed' },
  disabled: { tone: 'muted', words: 'Not judged' },
} as const

function daysLeft(days: unknown): string {
  if (typeof days !== 'number') return ''
  return days < 0 ? `expired ${-days} day${days === -1 ? '' : 's'} ago` : `${days} day${days === 1 ? '' : 's'} left`
}

function Baseline(props: { baseline: Record<string, unknown> }) {
  const rules = Array.isArray(props.baseline.rules) ? props.baseline.rules.map(asRecord) : []
  const verdict = text(props.baseline.verdict)
  return (
    <>
      <h3>Security baseline</h3>
      <p>
        <Badge tone={VERDICT[verdict as keyof typeof VERDICT]?.tone ?? 'info'}>{VERDICT[verdict as keyof typeof VERDICT]?.words ?? (verdict || 'Unknown')}</Badge>{' '}
        {props.baseline.grade && verdict !== 'disabled' ? <span>Grade {text(props.baseline.grade)}</span> : null}
      </p>
      {rules.length > 0 ? (
        <TableWrap label="Security baseline rules">
          <table>
            <caption class="visually-hidden">Security baseline rules</caption>
            <thead>
              <tr>
                <th scope="col">Result</th>
                <th scope="col">Rule</th>
                <th scope="col">When not met</th>
                <th scope="col">Finding</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr>
                  <td>
                    {r.passed ? <Badge tone="ok">Met</Badge> : <Badge tone={r.severity === 'fail' ? 'failing' : r.severity === 'degrade' ? 'degraded' : 'muted'}>Not met</Badge>}
                  </td>
                  <td>{ruleLabel(text(r.rule))}</td>
                  <td>{severityLabel(text(r.severity))}</td>
                  <td>{r.passed ? '–' : text(r.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </>
  )
}

function Chain(props: { chain: Array<Record<string, unknown>> }) {
  if (props.chain.length === 0) return null
  return (
    <>
      <h3>Certificate chain</h3>
      <TableWrap label="Certificate chain">
        <table>
          <caption class="visually-hidden">Certificate chain, the server's certificate first</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Subject</th>
              <th scope="col">Issuer</th>
              <th scope="col">Valid until</th>
            </tr>
          </thead>
          <tbody>
            {props.chain.map((c, i) => (
              <tr>
                <td>{i + 1}</td>
                <td class="wrap-cell">{text(c.subject)}</td>
                <td class="wrap-cell">{text(c.issuer)}</td>
                <td>{formatDateTime(text(c.validTo))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}

export function SslExchange(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  const server = `${text(req.hostname)}:${text(req.port)}${req.serverName && req.serverName !== req.hostname ? ` as ${text(req.serverName)}` : ''}`
  if (!res) {
    return (
      <Card title="Certificate">
        <Facts items={[['Server', server]]} />
        <p class="field-error">{text(props.d.requestError) || 'The TLS handshake failed.'}</p>
      </Card>
    )
  }
  const cert = asRecord(res.certificate)
  const chain = Array.isArray(res.chain) ? res.chain.map(asRecord) : []
  const findings = Array.isArray(props.d.findings) ? props.d.findings.map(asRecord) : []
  return (
    <>
      <Card title="Certificate">
        {findings.length > 0 ? (
          <ul class="findings">
            {findings.map((f) => (
              <li>
                <Badge tone={f.severity === 'fail' ? 'failing' : 'degraded'}>{f.severity === 'fail' ? 'Fails' : 'Degrades'}</Badge> {text(f.message)}
              </li>
            ))}
          </ul>
        ) : null}
        <Facts
          items={[
            ['Subject', text(cert.subject)],
            ['Issuer', text(cert.issuer)],
            ['Valid from', formatDateTime(text(cert.validFrom))],
            ['Valid until', `${formatDateTime(text(cert.validTo))} (${daysLeft(res.daysUntilExpiry)})`],
            ['Names', text(cert.subjectAltNames)],
            ['Key', cert.keyType ? `${text(cert.keyType).toUpperCase()}, ${text(cert.keySizeBits)} bits (RSA-equivalent)` : ''],
            ['Signature', text(cert.signatureAlgorithm)],
            ['Serial number', text(cert.serialNumber)],
            ['SHA-256 fingerprint', <span class="mono wrap-cell">{text(cert.fingerprint256)}</span>],
          ]}
        />
      </Card>
      <Card title="Handshake">
        <Facts
          items={[
            ['Server', `${server}${res.resolvedIp ? ` (${text(res.resolvedIp)})` : ''}`],
            ['Protocol', text(res.protocol)],
            ['Cipher suite', text(res.cipherSuite)],
            ['Handshake time', typeof res.handshakeTimeMs === 'number' ? formatMs(res.handshakeTimeMs) : ''],
            [
              'Chain trusted',
              yesNo(res.chainTrusted, 'Yes', `No${res.chainTrustDetail ? `: ${text(res.chainTrustDetail)}` : res.chainTrustReason ? `: ${text(res.chainTrustReason)}` : ''}`),
            ],
            ['Missing intermediate', res.incompleteChain === true ? text(res.missingIntermediate) || 'yes' : ''],
            ['Host name matches', yesNo(res.hostnameVerified, 'Yes', 'No')],
            ['OCSP', res.ocspStapled === true ? `Stapled, ${text(res.ocspStatus) || 'status unknown'}` : res.ocspStapled === false ? 'Not stapled' : ''],
          ]}
        />
        <Baseline baseline={asRecord(res.securityBaseline)} />
        <Chain chain={chain} />
      </Card>
    </>
  )
}
