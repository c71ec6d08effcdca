/**
 * The analytics metrics of each check type (one route per type, as in the reference API): base names with
 * their unit and label, the aggregations every timing base has, and the route slug of each type.
 */
import { ownValue } from '../../lib/own-keys.js'

export const AGGREGATIONS = ['avg', 'max', 'median', 'min', 'p50', 'p90', 'p95', 'p99', 'stddev', 'sum'] as const
export type Aggregation = (typeof AGGREGATIONS)[number]

export type MetricUnit = 'milliseconds' | 'score' | 'count' | 'percentage'

export interface BaseMetric {
  name: string
  unit: MetricUnit
  label: string
  /** Integer counts ('Int') or measurements ('Float'), as the reference's metric list types them. */
  type: 'Int' | 'Float'
}

const ms = (name: string, label: string): BaseMetric => ({ name, unit: 'milliseconds', label, type: 'Float' })
const HTTP_PHASES = [
  ms('responseTime', 'Response time'),
  ms('wait', 'Wait'),
  ms('dns', 'DNS'),
  ms('tcp', 'TCP connect'),
  ms('firstByte', 'Time to first byte'),
  ms('download', 'Download'),
]

/**
 * Timing bases per check type, in a fixed order: the order is also the storage slot of each base in the
 * pre-aggregated rows (m0..m9), so it must never be reordered, only appended to.
 */
export const TIMING_BASES: Readonly<Record<string, readonly BaseMetric[]>> = {
  API: HTTP_PHASES,
  URL: HTTP_PHASES,
  TCP: [ms('total', 'Total'), ms('dns', 'DNS'), ms('connection', 'Connection'), ms('data', 'Data')],
  DNS: [ms('total', 'Total')],
  GRPC: [
    ms('total', 'Total'),
    ms('dns', 'DNS'),
    ms('connection', 'Connection'),
    ms('reflection', 'Server reflection'),
    ms('firstResponse', 'First response'),
    ms('download', 'Download'),
  ],
  ICMP: [
    { name: 'packetLoss', unit: 'percentage', label: 'Packet loss', type: 'Float' },
    ms('latencyMin', 'Latency (min)'),
    ms('latencyMax', 'Latency (max)'),
    ms('latencyAvg', 'Latency (avg)'),
    ms('latencyStdDev', 'Latency (std dev)'),
  ],
  BROWSER: [
    ms('responseTime', 'Response time'),
    ms('TTFB', 'Time to first byte'),
    ms('FCP', 'First contentful paint'),
    ms('LCP', 'Largest contentful paint'),
    { name: 'CLS', unit: 'score', label: 'Cumulative layout shift', type: 'Float' },
    ms('TBT', 'Total blocking time'),
    { name: 'consoleErrors', unit: 'count', label: 'Console errors', type: 'Int' },
    { name: 'networkErrors', unit: 'count', label: 'Network errors', type: 'Int' },
    { name: 'userScriptErrors', unit: 'count', label: 'User script errors', type: 'Int' },
    { name: 'documentErrors', unit: 'count', label: 'Document errors', type: 'Int' },
  ],
  MULTI_STEP: [ms('responseTime', 'Response time')],
  PLAYWRIGHT: [ms('responseTime', 'Response time')],
  HEARTBEAT: [],
  // Figures of an SSL run that are not numbers (the TLS version, cipher, booleans, verdicts) are accepted as names and have no points.
  SSL: [
    ms('handshakeTimeMs', 'TLS handshake'),
    { name: 'daysUntilExpiry', unit: 'count', label: 'Days until expiry', type: 'Int' },
    { name: 'tlsVersion', unit: 'score', label: 'TLS version', type: 'Float' },
    { name: 'cipherSuite', unit: 'score', label: 'Cipher suite', type: 'Float' },
    { name: 'hostnameVerified', unit: 'score', label: 'Host name verified', type: 'Float' },
    { name: 'chainTrusted', unit: 'score', label: 'Chain trusted', type: 'Float' },
    { name: 'ocspStapled', unit: 'score', label: 'OCSP stapled', type: 'Float' },
    { name: 'keySizeBits', unit: 'count', label: 'Key size (bits)', type: 'Int' },
    { name: 'baselineVerdict', unit: 'score', label: 'Baseline verdict', type: 'Float' },
    { name: 'baselineGrade', unit: 'score', label: 'Baseline grade', type: 'Float' },
  ],
  TRACEROUTE: [
    ms('responseTime', 'Final hop latency'),
    { name: 'hopCount', unit: 'count', label: 'Hops', type: 'Int' },
    { name: 'packetLoss', unit: 'percentage', label: 'Final hop packet loss', type: 'Float' },
  ],
  // What an agentic run records: its duration, the browser steps the agent took, and the model's turns and tokens.
  AGENTIC: [
    ms('total', 'Total'),
    { name: 'steps', unit: 'count', label: 'Steps', type: 'Int' },
    { name: 'modelTurns', unit: 'count', label: 'Model turns', type: 'Int' },
    { name: 'totalTokens', unit: 'count', label: 'Model tokens', type: 'Int' },
  ],
}

/** The timing bases of a type; none for a type the table does not hold (`constructor` included, which a query may name). */
export const timingBasesOf = (checkType: string): readonly BaseMetric[] => ownValue(TIMING_BASES, checkType) ?? []

/** Every type has these two: the share of successful runs and the count of retry attempts. */
export const AVAILABILITY: BaseMetric = { name: 'availability', unit: 'percentage', label: 'Availability', type: 'Float' }
export const RETRIES: BaseMetric = { name: 'retries', unit: 'count', label: 'Retries', type: 'Int' }

/**
 * The route of each check type under /v1/analytics/, as the reference names them. The reference has none for
 * traceroute, gRPC and agentic checks: theirs are Picket's, named in the style of ssl, dns and icmp.
 */
export const ANALYTICS_ROUTES: Readonly<Record<string, { checkType: string; groupBy: readonly string[]; intervals: boolean }>> = {
  'api-checks': { checkType: 'API', groupBy: ['runLocation', 'statusCode'], intervals: true },
  'url-monitors': { checkType: 'URL', groupBy: ['runLocation', 'statusCode'], intervals: true },
  'tcp-checks': { checkType: 'TCP', groupBy: ['runLocation'], intervals: true },
  dns: { checkType: 'DNS', groupBy: ['runLocation'], intervals: true },
  icmp: { checkType: 'ICMP', groupBy: ['runLocation'], intervals: true },
  ssl: { checkType: 'SSL', groupBy: ['runLocation'], intervals: true },
  traceroute: { checkType: 'TRACEROUTE', groupBy: ['runLocation'], intervals: true },
  grpc: { checkType: 'GRPC', groupBy: ['runLocation'], intervals: true },
  agentic: { checkType: 'AGENTIC', groupBy: ['runLocation'], intervals: true },
  'heartbeat-checks': { checkType: 'HEARTBEAT', groupBy: [], intervals: false },
  'browser-checks': { checkType: 'BROWSER', groupBy: ['runLocation'], intervals: true },
  'multistep-checks': { checkType: 'MULTI_STEP', groupBy: ['runLocation'], intervals: true },
  'playwright-checks': { checkType: 'PLAYWRIGHT', groupBy: ['runLocation'], intervals: true },
}

export const routeOfType = (checkType: string): string | undefined => Object.entries(ANALYTICS_ROUTES).find(([, r]) => r.checkType === checkType)?.[0]

export interface MetricName {
  name: string
  base: BaseMetric
  /** Absent for a bare timing base (raw points) and for availability/retries in raw mode. */
  aggregation?: Aggregation
  /** availability and retries: always a figure over the bucket (or per run in raw mode). */
  summary: boolean
}

/** Every metric name a type accepts: bare bases, their suffixed forms, availability and retries. */
export function metricNamesFor(checkType: string): MetricName[] {
  const bases = timingBasesOf(checkType)
  const names: MetricName[] = bases.map((base) => ({ name: base.name, base, summary: false }))
  names.push({ name: AVAILABILITY.name, base: AVAILABILITY, summary: true }, { name: RETRIES.name, base: RETRIES, summary: true })
  for (const base of bases) for (const aggregation of AGGREGATIONS) names.push({ name: `${base.name}_${aggregation}`, base, aggregation, summary: false })
  return names
}

/** The storage slot (0..9) of a timing base of a type, or -1. */
export const slotOf = (checkType: string, base: string): number => timingBasesOf(checkType).findIndex((b) => b.name === base)

export const SLOT_COUNT = 10
