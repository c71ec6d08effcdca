/** datetime-local inputs hold local wall time ("2026-05-01T22:00"); the API takes and returns ISO 8601 UTC. */

const pad = (n: number) => String(n).padStart(2, '0')

/** The value of a datetime-local input for an ISO instant ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** The ISO instant of a datetime-local value, null when empty; an unreadable value is sent as typed for the API to name. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? local : d.toISOString()
}

/** The time zone the inputs are in, for their hints. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone
