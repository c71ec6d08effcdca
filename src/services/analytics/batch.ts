/**
 * Analytics of many checks in one call (POST /v1/analytics/checks): availability and the percentiles of each
 * check's main timing over a quick range, every figure equal to what the check's own analytics route answers for
 * the same metric and window (check-figures.ts), read in one set of queries for all the checks.
 */
import { metricNamesFor, type MetricName } from '../../domain/analytics/catalogue.js'
import { quickRangeWindow } from '../../domain/analytics/windows.js'
import { isUuid } from '../../lib/ids.js'
import type { Uses } from '../resource-deps.js'
import { readCheckFigures } from './check-figures.js'

export const BATCH_RANGES = ['last24Hours', 'last7Days', 'thisWeek', 'lastWeek', 'lastMonth'] as const
export type BatchRange = (typeof BATCH_RANGES)[number]

export type BatchItem = { checkId: string; checkType: string } & Record<string, number | null | string>

/**
 * The fields of an item per check type and the analytics metric each one is: response times are the response time
 * of HTTP and script checks, the total time of TCP, DNS and gRPC monitors, the TLS handshake of SSL monitors and
 * the duration of agentic runs (each type's own measure of a run, as its results' responseTime is); ICMP and
 * traceroute monitors give latency and packet loss instead (a traceroute's of its final hop), and traceroute also
 * its average hop count; heartbeats measure no time. A field a type lacks is left out. The item admits no other
 * fields, so what a type measures beyond these (an SSL certificate's days until expiry, an agent's steps and
 * tokens) is not in the batch: its own analytics answer it.
 */
const RESPONSE = (base: string): Array<[string, string]> => [
  ['responseTime_avg', `${base}_avg`],
  ['responseTime_p50', `${base}_p50`],
  ['responseTime_p95', `${base}_p95`],
  ['responseTime_p99', `${base}_p99`],
]
const LATENCY = (base: string): Array<[string, string]> => [
  ['latency_avg', `${base}_avg`],
  ['latency_p50', `${base}_p50`],
  ['latency_p95', `${base}_p95`],
  ['latency_p99', `${base}_p99`],
]
const PACKET_LOSS: Array<[string, string]> = [
  ['packetLoss_avg', 'packetLoss_avg'],
  ['packetLoss_p95', 'packetLoss_p95'],
  ['packetLoss_p99', 'packetLoss_p99'],
]
const FIELDS: Readonly<Record<string, ReadonlyArray<[string, string]>>> = {
  API: RESPONSE('responseTime'),
  URL: RESPONSE('responseTime'),
  BROWSER: RESPONSE('responseTime'),
  MULTI_STEP: RESPONSE('responseTime'),
  PLAYWRIGHT: RESPONSE('responseTime'),
  TCP: RESPONSE('total'),
  DNS: RESPONSE('total'),
  GRPC: RESPONSE('total'),
  SSL: RESPONSE('handshakeTimeMs'),
  AGENTIC: RESPONSE('total'),
  ICMP: [...LATENCY('latencyAvg'), ...PACKET_LOSS],
  // A traceroute's latency and packet loss are those of its final hop (the destination), as its analytics name them.
  TRACEROUTE: [...LATENCY('responseTime'), ...PACKET_LOSS, ['hopCount_avg', 'hopCount_avg']],
}

/** The batch fields of a check type, each with the analytics metric it is (availability first). */
export function batchFieldsOf(checkType: string): Array<{ field: string; metric: MetricName }> {
  const known = new Map(metricNamesFor(checkType).map((m) => [m.name, m]))
  const pairs: Array<[string, string]> = [['availability', 'availability'], ...(Object.hasOwn(FIELDS, checkType) ? (FIELDS[checkType] ?? []) : [])]
  return pairs.flatMap(([field, name]) => {
    const metric = known.get(name)
    return metric ? [{ field, metric }] : []
  })
}

export interface AnalyticsBatchService {
  /** Items of the account's checks among `ids`, in the order asked; ids of other accounts or of no check are left out. */
  batch(accountId: string, ids: string[], range: BatchRange): Promise<BatchItem[]>
}

export function analyticsBatchService(r: Uses<'analytics' | 'checks', 'clock'>): AnalyticsBatchService {
  return {
    async batch(accountId, ids, range) {
      const wanted = [...new Set(ids.filter(isUuid))]
      const checks = (await r.stores.checks.getMany(wanted)).filter((c) => c.accountId === accountId)
      const window = quickRangeWindow(range, r.clock.now())
      const requests = checks.map((c) => ({ id: c.id, checkType: c.checkType, fields: batchFieldsOf(c.checkType) }))
      const figures = await r.stores.analytics.snapshot((a) =>
        readCheckFigures(
          a,
          requests.map((c) => ({ id: c.id, checkType: c.checkType, metrics: c.fields.map((f) => f.metric) })),
          window,
        ),
      )
      const byId = new Map(requests.map((c) => [c.id, c]))
      return wanted.flatMap((id) => {
        const c = byId.get(id)
        if (!c) return []
        const values = figures.get(id)?.values ?? {}
        const item: BatchItem = { checkId: c.id, checkType: c.checkType }
        for (const { field, metric } of c.fields) item[field] = (values[metric.name] as number | null | undefined) ?? null
        return [item]
      })
    },
  }
}
