/**
 * Results of SSL, traceroute and agentic runs as the engine stores them (engine/result-row.ts), with the details
 * their runners write (runners/ssl.ts, runners/traceroute.ts, runners/agentic/runner.ts), for console tests that
 * open a result page of each type without a TLS server, a route or a model to run against.
 */
import { randomUUID } from 'node:crypto'
import { buildStores } from '../../src/store/all-stores.js'
import { openStore } from '../../src/store/db.js'
import type { CheckResultRow } from '../../src/store/run-rows.js'

const DAY = 86_400_000

interface RunShape {
  checkType: string
  status: 'passing' | 'degraded' | 'failing'
  responseTime: number
  errorKind?: string | null
  error?: string | null
  assertions: unknown[]
  timingPhases: Record<string, number>
  details: Record<string, unknown>
  jobLog: string[]
}

function row(accountId: string, checkId: string, at: number, run: RunShape): CheckResultRow {
  return {
    id: randomUUID(),
    account_id: accountId,
    check_id: checkId,
    check_type: run.checkType,
    sequence_id: randomUUID(),
    run_job_id: randomUUID(),
    attempt: 1,
    result_type: 'FINAL',
    location: 'eu-west-1',
    status: run.status,
    has_failures: run.status === 'failing' ? 1 : 0,
    has_errors: 0,
    is_degraded: run.status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: run.responseTime,
    error_kind: run.errorKind ?? null,
    error_message: run.error ?? null,
    status_code: null,
    scheduled_at: at,
    started_at: at,
    stopped_at: at + Math.ceil(run.responseTime) + 5,
    trigger: 'SCHEDULER',
    session_id: null,
    doc: JSON.stringify({ assertions: run.assertions, timingPhases: run.timingPhases, details: run.details, jobLog: run.jobLog, networkError: false, parallelTotal: 1 }),
    metrics: null,
    created_at: at + Math.ceil(run.responseTime) + 10,
  }
}

const rule = (name: string, passed: boolean, severity: string, message: string) => ({ rule: name, passed, severity, message })

/** A degraded SSL run: a trusted certificate 12 days before expiry, TLS 1.2, one baseline rule only reported. */
export function sslResult(accountId: string, checkId: string, at = Date.now() - 60_000): CheckResultRow {
  const validTo = new Date(at + 12 * DAY).toISOString()
  const certificate = {
    subject: 'CN=shop.example.com',
    issuer: 'C=US, O=Let’s Encrypt, CN=R11',
    validFrom: new Date(at - 78 * DAY).toISOString(),
    validTo,
    serialNumber: '04A1B2C3D4E5F60718293A4B5C6D7E8F',
    fingerprint256: '3F:9A:11:0C:5E:77:D2:8B:41:A6:0E:92:CD:13:57:9B:2A:F0:64:88:1D:C3:7E:55:90:AB:12:EF:34:56:78:9A',
    commonName: 'shop.example.com',
    subjectAltNames: 'DNS:shop.example.com, DNS:www.shop.example.com',
    keyType: 'ec',
    keySizeBits: 3072,
    signatureAlgorithm: 'sha256WithRSAEncryption',
    daysUntilExpiry: 12,
  }
  const baseline = {
    enabled: true,
    verdict: 'pass',
    grade: 'A',
    rules: [
      rule('minTLSVersion', true, 'fail', 'TLSv1.2 is older than the minimum TLS1.2'),
      rule('minKeySizeBits', true, 'fail', 'the key is 3072 bits (RSA-equivalent), below the minimum 2048'),
      rule('weakSignatureAlgorithm', true, 'fail', 'the certificate is signed with the weak sha256WithRSAEncryption'),
      rule('weakCipherSuite', true, 'fail', 'the cipher suite TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 is weak'),
      rule('knownBadCA', true, 'fail', 'the issuer is a distrusted authority'),
      rule('recommendedTLSVersion', false, 'ignore', 'TLSv1.2 is older than the recommended TLS1.3'),
      rule('recommendedKeySizeBits', true, 'ignore', 'the key is 3072 bits (RSA-equivalent), below the recommended 3072'),
      rule('ocspMustStapleRespected', true, 'ignore', 'the certificate must be stapled but the server sent no OCSP answer'),
      rule('sctPresent', true, 'ignore', 'the certificate carries no signed certificate timestamps'),
    ],
  }
  const findings = [{ severity: 'degrade', kind: 'TLS', message: `The certificate expires in 12 days (${validTo})` }]
  const response = {
    resolvedIp: '203.0.113.10',
    protocol: 'TLSv1.2',
    cipherSuite: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
    handshakeTimeMs: 41.237,
    hostnameVerified: true,
    chainTrusted: true,
    daysUntilExpiry: 12,
    ocspStapled: true,
    ocspStatus: 'good',
    incompleteChain: false,
    securityBaseline: baseline,
    certificate,
    chain: [
      {
        subject: certificate.subject,
        issuer: certificate.issuer,
        validFrom: certificate.validFrom,
        validTo,
        serialNumber: certificate.serialNumber,
        fingerprint256: certificate.fingerprint256,
      },
      {
        subject: 'C=US, O=Let’s Encrypt, CN=R11',
        issuer: 'C=US, O=Internet Security Research Group, CN=ISRG Root X1',
        validFrom: '2024-03-13T00:00:00.000Z',
        validTo: '2027-03-12T23:59:59.000Z',
        serialNumber: '8A7D3E13D62F30EF2386BD29076B34F8',
        fingerprint256: '59:1E:8B:2C:63:B1:9F:4C:12:AB:77:E0:3D:44:91:C5:6A:0B:2E:8F:D3:19:60:7A:CE:45:B8:11:F2:93:0D:6C',
      },
    ],
  }
  return row(accountId, checkId, at, {
    checkType: 'SSL',
    status: 'degraded',
    responseTime: 41.237,
    error: findings[0]?.message ?? null,
    errorKind: 'TLS',
    assertions: [{ source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '7', actual: 12, passed: true }],
    timingPhases: { dns: 3.1, tcp: 8.4, handshake: 41.237 },
    details: {
      tlsVersion: 'TLSv1.2',
      cipherSuite: response.cipherSuite,
      daysUntilExpiry: 12,
      handshakeTimeMs: 41.237,
      keySizeBits: 3072,
      chainTrusted: true,
      hostnameVerified: true,
      baselineVerdict: 'pass',
      baselineGrade: 'A',
      failureCategory: null,
      findings,
      request: { hostname: 'shop.example.com', port: 443, serverName: 'shop.example.com', ipFamily: 'IPv4' },
      response,
    },
    jobLog: [
      'TLS handshake with shop.example.com:443 (203.0.113.10) as shop.example.com: TLSv1.2, TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
      `Certificate CN=shop.example.com issued by C=US, O=Let’s Encrypt, CN=R11, valid until ${validTo} (12 days)`,
      `Degrades: The certificate expires in 12 days (${validTo})`,
    ],
  })
}

const latency = (rtts: number[]) => {
  if (rtts.length === 0) return { avg: null, min: null, max: null, stdDev: null }
  const avg = rtts.reduce((a, b) => a + b, 0) / rtts.length
  const sd = Math.sqrt(rtts.reduce((a, b) => a + (b - avg) ** 2, 0) / rtts.length)
  return { avg: Math.round(avg * 1000) / 1000, min: Math.min(...rtts), max: Math.max(...rtts), stdDev: Math.round(sd * 1000) / 1000 }
}
const hop = (n: number, address: string | null, name: string | null, rtts: Array<number | null>) => {
  const answered = rtts.filter((r): r is number => r !== null)
  return {
    hop: n,
    address,
    name,
    probes: rtts.map((rtt) => (rtt === null ? { address: null, name: null, rtt: null } : { address, name, rtt })),
    rtts: answered,
    packetLoss: Math.round(((rtts.length - answered.length) / rtts.length) * 100000) / 1000,
    latency: latency(answered),
  }
}

/** A passing traceroute run: six hops, one silent and one losing a probe, reaching the host. */
export function tracerouteResult(accountId: string, checkId: string, at = Date.now() - 60_000): CheckResultRow {
  const hops = [
    hop(1, '192.168.1.1', 'gateway.lan', [0.512, 0.431, 0.47]),
    hop(2, '100.64.0.1', null, [6.83, 7.104, 6.92]),
    hop(3, null, null, [null, null, null]),
    hop(4, '198.51.100.9', 'ae-3.core1.fra.example.net', [14.201, null, 14.77]),
    hop(5, '198.51.100.66', 'edge2.ams.example.net', [19.004, 18.87, 19.331]),
    hop(6, '203.0.113.10', 'shop.example.com', [21.45, 21.12, 22.01]),
  ]
  const final = hops[5]
  const finalHopLatency = final?.latency ?? null
  return row(accountId, checkId, at, {
    checkType: 'TRACEROUTE',
    status: 'passing',
    responseTime: finalHopLatency?.avg ?? 0,
    assertions: [{ source: 'HOP_COUNT', property: '', comparison: 'LESS_THAN', target: '20', actual: 6, passed: true }],
    timingPhases: { total: 2140, finalHopLatency: finalHopLatency?.avg ?? 0 },
    details: {
      totalHops: 6,
      hopCount: 6,
      destinationReached: true,
      finalHopLatency,
      packetLoss: 0,
      requestError: null,
      request: {
        url: 'shop.example.com',
        hostname: 'shop.example.com',
        protocol: 'TCP',
        port: 443,
        ipFamily: 'IPv4',
        maxHops: 30,
        maxUnknownHops: 15,
        ptrLookup: true,
        timeout: 10,
      },
      response: {
        hostname: 'shop.example.com',
        resolvedIp: '203.0.113.10',
        totalHops: 6,
        destinationReached: true,
        finalHopLatency,
        hops,
        protocol: 'TCP',
        probeProtocol: 'TCP',
      },
    },
    jobLog: ['traceroute -4 -q 3 -m 30 -w 3 -T -p 443 203.0.113.10', 'traceroute to 203.0.113.10 (203.0.113.10), 30 hops max, 60 byte packets'],
  })
}

/** A passing agentic run: the agent put the lamp in the cart and judged both conditions held. */
export function agenticResult(accountId: string, checkId: string, at = Date.now() - 60_000): CheckResultRow {
  const t = (s: number) => new Date(at + s * 1000).toISOString()
  const longText = `Lamp 42 — €49.00\nIn stock\n${'A warm reading lamp with a brass arm and a linen shade. '.repeat(8)}`
  const steps = [
    { type: 'tool_call', name: 'navigate', input: { url: 'https://shop.example.com' }, timestamp: t(0), sequenceNumber: 1 },
    { type: 'tool_result', name: 'navigate', output: 'Opened https://shop.example.com (title "Shop")', timestamp: t(1), sequenceNumber: 2 },
    { type: 'message', output: 'I will search for the lamp and open its page.', timestamp: t(3), sequenceNumber: 3 },
    { type: 'tool_call', name: 'type', input: { selector: 'input[name=q]', text: 'lamp 42' }, timestamp: t(3), sequenceNumber: 4 },
    { type: 'tool_result', name: 'type', output: 'Typed into input[name=q]', timestamp: t(4), sequenceNumber: 5 },
    { type: 'tool_call', name: 'read_text', input: {}, timestamp: t(6), sequenceNumber: 6 },
    { type: 'tool_result', name: 'read_text', output: longText, timestamp: t(7), sequenceNumber: 7 },
    { type: 'tool_call', name: 'click', input: { selector: 'text=Add to cart' }, timestamp: t(9), sequenceNumber: 8 },
    { type: 'tool_result', name: 'click', output: 'Clicked text=Add to cart', timestamp: t(10), sequenceNumber: 9 },
    { type: 'tool_call', name: 'assert', input: { index: 1, passed: true, actual: '1 item' }, timestamp: t(12), sequenceNumber: 10 },
    { type: 'tool_result', name: 'assert', output: 'Recorded', timestamp: t(12), sequenceNumber: 11 },
    { type: 'tool_call', name: 'assert', input: { index: 2, passed: true, actual: '€49.00' }, timestamp: t(13), sequenceNumber: 12 },
    { type: 'tool_result', name: 'assert', output: 'Recorded', timestamp: t(13), sequenceNumber: 13 },
    { type: 'tool_call', name: 'finish', input: { summary: 'Added Lamp 42 to the cart.' }, timestamp: t(14), sequenceNumber: 14 },
    { type: 'tool_result', name: 'finish', output: 'Finished', timestamp: t(14), sequenceNumber: 15 },
  ]
  const conditions = [
    { condition: 'The cart shows one item', passed: true, actual: '1 item', expected: '1 item' },
    { condition: 'The cart total is the lamp’s price', passed: true, actual: '€49.00', expected: '€49.00' },
  ]
  return row(accountId, checkId, at, {
    checkType: 'AGENTIC',
    status: 'passing',
    responseTime: 14_200,
    // As the runner writes them: the judged conditions are in the details, the generic list is empty.
    assertions: [],
    timingPhases: { total: 14_200 },
    details: {
      summary: 'Added Lamp 42 to the cart. The cart shows one item and its total is the lamp’s price, €49.00.',
      prompt: 'Find "Lamp 42", put it in the cart and check the cart.',
      assertions: conditions,
      suggestions: ['The search field has no label: screen readers announce it as “edit text”.', 'Say on the product page whether shipping is free.'],
      steps,
      errors: [],
      artifactManifest: { '1-final.png': 'Screenshot', 'trace.zip': 'Playwright trace of the run' },
      usage: { modelTurns: 7, totalTokens: 18_342 },
    },
    jobLog: ['Agent: 7 model turn(s), 18342 tokens, ended: finished'],
  })
}

/**
 * Stores one result of each of the `ssl`, `traceroute` and `agentic` checks in `ids` into the SQLite file of a running
 * service; answers their ids as `sslResult`, `tracerouteResult` and `agenticResult`.
 */
export async function seedTypeResults(sqliteFile: string, accountId: string, ids: ReadonlyMap<string, string>): Promise<Record<string, string>> {
  const store = await openStore({ sqliteFile })
  try {
    const rows = {
      sslResult: sslResult(accountId, ids.get('ssl') ?? ''),
      tracerouteResult: tracerouteResult(accountId, ids.get('traceroute') ?? ''),
      agenticResult: agenticResult(accountId, ids.get('agentic') ?? ''),
    }
    await buildStores(store).results.insertMany(Object.values(rows))
    return Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, r.id]))
  } finally {
    await store.close()
  }
}
