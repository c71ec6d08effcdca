/** Reading numbers back from a registry or from the exposition text, for the metrics tests. */
import type { Registry } from 'prom-client'

/** The value of a counter or gauge series with exactly these labels (0 when there is none). */
export async function valueOf(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  const wanted = Object.entries(labels)
  const match = values.find((v) => {
    const own = Object.entries(v.labels)
    return own.length === wanted.length && wanted.every(([k, x]) => String(v.labels[k]) === x)
  })
  return match?.value ?? 0
}

/** A histogram's observation count for series with these labels. */
export async function countOf(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const metric = registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  const wanted = Object.entries(labels)
  const match = values.find((v) => (v as { metricName?: string }).metricName === `${name}_count` && wanted.every(([k, x]) => String(v.labels[k]) === x))
  return match?.value ?? 0
}

/** A series' value in the text format, e.g. line(text, 'picket_http_requests_total{method="GET",route="/health",status="200"}'). */
export function sampleIn(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}
