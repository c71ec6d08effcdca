/** Pure: a crontab line that pings a heartbeat about as often as its period. */

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 }

/** The cron schedule closest to (never slower than) the period; cron's finest step is one minute. */
export function cronSchedule(period: number, unit: string): string {
  const seconds = period * (UNIT_SECONDS[unit] ?? 60)
  // An unreadable period pings every minute: too often is harmless, too rarely raises false alerts.
  const minutes = Number.isFinite(seconds) ? Math.max(1, Math.floor(seconds / 60)) : 1
  if (minutes < 60) {
    // */n only fires evenly when n divides 60; otherwise take the largest divisor below n.
    const step = [30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1].find((d) => d <= minutes) ?? 1
    return step === 1 ? '* * * * *' : `*/${step} * * * *`
  }
  const hours = Math.floor(minutes / 60)
  if (hours < 24) {
    const step = [12, 8, 6, 4, 3, 2, 1].find((d) => d <= hours) ?? 1
    return step === 1 ? '0 * * * *' : `0 */${step} * * *`
  }
  const days = Math.floor(hours / 24)
  return days === 1 ? '0 0 * * *' : days < 7 ? `0 0 */${days} * *` : days < 28 ? '0 0 * * 1' : '0 0 1 * *'
}

export const cronLine = (pingUrl: string, period: number, unit: string): string => `${cronSchedule(period, unit)} curl -fsS --retry 3 ${pingUrl} > /dev/null`
