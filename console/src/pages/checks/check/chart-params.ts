/**
 * The chart settings a check page keeps in its address (range, one line per location, the analytics metric), so a
 * reload or a shared link shows the same chart. Changes replace the history entry: a setting is not a page.
 */
import { useSearchParams } from 'wouter-preact'
import { QUICK_RANGES, type RangeValue } from './analytics-data'

export function useChartParams() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('range')
  const range = (QUICK_RANGES.some((r) => r.value === asked) ? asked : 'last24Hours') as RangeValue
  const byLocation = params.get('groupBy') === 'runLocation'
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value === null) next.delete(key)
        else next.set(key, value)
        return next
      },
      { replace: true },
    )
  return { params, range, byLocation, set }
}
