/**
 * The e-mail a status page's subscribers get about a maintenance (pure): scheduled, a reminder before it, rescheduled,
 * started, ended, cancelled or a posted update, with its dates in the window's time zone (UTC without one), plain text and escaped HTML, and the
 * unsubscribe link.
 */
import { noticeEmail, oneLine, type SubscriberEmail } from './subscriber-emails.js'

export const MAINTENANCE_EVENTS = ['scheduled', 'reminder', 'rescheduled', 'started', 'ended', 'cancelled', 'update'] as const
export type MaintenanceEvent = (typeof MAINTENANCE_EVENTS)[number]

export interface MaintenanceEmailInput {
  pageName: string
  maintenanceName: string
  event: MaintenanceEvent
  /** The maintenance's status (SCHEDULED, IN_PROGRESS, ...). */
  status: string
  /** The update's text, or the window's description. */
  description: string | null
  startsAt: number
  endsAt: number
  /** IANA zone the dates are shown in; null: UTC. */
  timezone: string | null
  unsubscribeUrl: string
}

const HEADLINES: Record<MaintenanceEvent, string> = {
  scheduled: 'Scheduled maintenance',
  reminder: 'Upcoming maintenance',
  rescheduled: 'Maintenance rescheduled',
  started: 'Maintenance started',
  ended: 'Maintenance completed',
  cancelled: 'Maintenance cancelled',
  update: 'Maintenance update',
}

const STATUS_WORDS: Record<string, string> = { SCHEDULED: 'Scheduled', IN_PROGRESS: 'In progress', VERIFYING: 'Verifying', COMPLETED: 'Completed', CANCELLED: 'Cancelled' }

/** "2026-06-01 02:00 Europe/Berlin": the wall-clock time of the zone. */
export function zonedTime(ms: number, zone: string | null): string {
  const tz = zone ?? 'UTC'
  const parts: Record<string, string> = {}
  const format = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
  for (const p of format.formatToParts(new Date(ms))) parts[p.type] = p.value
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${tz}`
}

export function maintenanceEmail(input: MaintenanceEmailInput): SubscriberEmail {
  const headline = HEADLINES[input.event]
  const status = STATUS_WORDS[input.status] ?? input.status
  const when = `${zonedTime(input.startsAt, input.timezone)} to ${zonedTime(input.endsAt, input.timezone)}`
  const subject = oneLine(`[${input.pageName}] ${headline}: ${input.maintenanceName}`)
  return noticeEmail({
    subject,
    headline,
    pageName: input.pageName,
    title: input.maintenanceName,
    status,
    when,
    textFacts: [`Status: ${status}`, `When: ${when}`],
    description: input.description,
    unsubscribeUrl: input.unsubscribeUrl,
  })
}
