/**
 * The Analytics tab's metric names in plain words (pure): "Response time p95", "DNS lookup p50", "Availability",
 * grouped by what they measure, with the API's code name kept beside them.
 */

export interface MetricChoice {
  /** The API's code name (responseTime_p95). */
  name: string
  /** Plain words (Response time p95). */
  label: string
  /** What it measures (Response time), the heading of its group. */
  group: string
}

export interface MetricGroup {
  group: string
  choices: MetricChoice[]
}

/** Plainer names of timing bases than the server's labels, where they read better in a sentence. */
const BASE_WORDS: Record<string, string> = {
  responseTime: 'Response time',
  wait: 'Waiting to send',
  dns: 'DNS lookup',
  tcp: 'TCP connect',
  connection: 'Connection',
  data: 'Data transfer',
  firstByte: 'Time to first byte',
  reflection: 'Server reflection',
  firstResponse: 'First response',
  download: 'Download',
  handshakeTimeMs: 'TLS handshake',
  daysUntilExpiry: 'Days until expiry',
  keySizeBits: 'Key size (bits)',
  hopCount: 'Hops',
  total: 'Total time',
  TTFB: 'Time to first byte',
  FCP: 'First contentful paint',
  LCP: 'Largest contentful paint',
  CLS: 'Cumulative layout shift',
  TBT: 'Total blocking time',
}

const AGGREGATION_WORDS: Record<string, string> = {
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  avg: 'average',
  median: 'median',
  min: 'minimum',
  max: 'maximum',
  stddev: 'standard deviation',
  sum: 'sum',
}

/** The order of aggregations inside a group: the percentiles people read first, then the rest. */
const AGGREGATION_ORDER = ['p50', 'p95', 'p99', 'p90', 'avg', 'median', 'min', 'max', 'stddev', 'sum']

const OUTCOMES = 'Outcomes'

/** One metric in words; `serverLabel` is the server's label of its base, used for a base this table does not name. */
export function metricChoice(name: string, serverLabel: string): MetricChoice {
  if (name === 'availability') return { name, label: 'Availability', group: OUTCOMES }
  if (name === 'retries') return { name, label: 'Retries', group: OUTCOMES }
  const cut = name.lastIndexOf('_')
  const base = cut > 0 ? name.slice(0, cut) : name
  const aggregation = cut > 0 ? name.slice(cut + 1) : ''
  const words = BASE_WORDS[base] ?? serverLabel
  const agg = AGGREGATION_WORDS[aggregation]
  return { name, label: agg ? `${words} ${agg}` : words, group: words }
}

/**
 * The choices grouped: outcomes first, then the timing groups in the server's order (its main timing first), each
 * ordered p50, p95, p99, p90, then the other aggregations.
 */
export function groupMetrics(metrics: ReadonlyArray<{ name: string; label: string }>): MetricGroup[] {
  const groups = new Map<string, MetricChoice[]>([[OUTCOMES, []]])
  for (const m of metrics) {
    const c = metricChoice(m.name, m.label)
    const list = groups.get(c.group)
    if (list) list.push(c)
    else groups.set(c.group, [c])
  }
  const rank = (c: MetricChoice) => {
    const i = AGGREGATION_ORDER.indexOf(c.name.slice(c.name.lastIndexOf('_') + 1))
    return i === -1 ? AGGREGATION_ORDER.length : i
  }
  return [...groups.entries()]
    .filter(([, choices]) => choices.length > 0)
    .map(([group, choices]) => ({ group, choices: group === OUTCOMES ? choices : [...choices].sort((a, b) => rank(a) - rank(b)) }))
}
