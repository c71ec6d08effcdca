/**
 * Alerting (/v1/check-alerts, /v1/alert-notifications, /v1/accounts/me/alert-settings): the alerts checks raised,
 * what was sent for them, and the account's escalation settings. The alert and notification schemas are declared
 * inside the server's route modules (Fastify and services), so the console keeps the fields it reads.
 */
import { api, qs } from '../client'
import type { AlertSettingsBody, AlertSettingsView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

export interface CheckAlert {
  id: string
  alertType: string
  runLocation: string
  responseTime: number
  error: string | null
  statusCode: string | null
  created_at: string
  startedAt: string
  isReminder: boolean
}

export interface AlertNotification {
  id: string
  type: string
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'RATE_LIMITED'
  alertType: string | null
  checkId: string
  alertChannelId: number
  attempts: number
  lastError: string | null
  responseStatus: number | null
  notificationResult: string | null
  nextAttemptAt: string | null
  created_at: string
  sent_at: string | null
}

/**
 * The account's alert settings as GET answers them, every part filled in, which the form edits and sends back
 * whole; the form offers the escalation types the body accepts.
 */
export type AlertSettings = Omit<AlertSettingsView, 'escalationType'> & { escalationType: NonNullable<AlertSettingsBody['escalationType']> }

/** A window in UNIX seconds (both ends optional: a live view leaves them out). */
export type WindowQuery = PageQuery & { from?: number; to?: number }

const SETTINGS = '/v1/accounts/me/alert-settings'

export const alertingApi = {
  settingsRoot: SETTINGS,
  checkAlerts: (checkId: string, query: WindowQuery) => readPage<CheckAlert>(`/v1/check-alerts/${seg(checkId)}${qs({ ...query })}`),
  notifications: (query: WindowQuery & { checkId?: string; hasFailures?: boolean }) => readPage<AlertNotification>(`/v1/alert-notifications${qs({ ...query })}`),
  settings: () => read<AlertSettings>(SETTINGS),
  updateSettings: (body: AlertSettings) => api.put<AlertSettings>(SETTINGS, body),
}
