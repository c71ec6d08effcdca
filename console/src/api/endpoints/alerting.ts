/**
 * Alerting (/v1/check-alerts, /v1/alert-notifications, /v1/accounts/me/alert-settings): the alerts checks raised,
 * what was sent for them, and the account's escalation settings.
 */
import { api, qs } from '../client'
import type { AlertNotificationView, AlertSettingsBody, AlertSettingsView, CheckAlertView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

/** An alert a check raised. */
export type CheckAlert = CheckAlertView

/** What was sent for an alert, through one channel. */
export type AlertNotification = AlertNotificationView

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
