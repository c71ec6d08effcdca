/** The current account and its account-level alert settings: HTTP routes. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { AlertSettings } from '../../domain/checks/shared-schemas.js'
import { GeneralSettings } from '../../domain/account-settings.js'
import { errorResponses } from '../schemas/common.js'

const tags = ['accounts']

const AlertSettingsView = Type.Object({
  escalationType: Type.String(),
  runBasedEscalation: Type.Object({ failedRunThreshold: Type.Integer() }),
  timeBasedEscalation: Type.Object({ minutesFailingThreshold: Type.Integer() }),
  reminders: Type.Object({ amount: Type.Integer(), interval: Type.Integer() }),
  parallelRunFailureThreshold: Type.Object({ enabled: Type.Boolean(), percentage: Type.Integer() }),
})

const GeneralSettingsView = Type.Object({ badgesEnabled: Type.Boolean() })

const AccountView = Type.Object({ id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) })

export async function accountSettingsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const settings = services.accountSettings

  app.get(
    '/v1/accounts/me',
    { schema: { tags, summary: 'Get the current account (the one of X-Service-Account)', response: { 200: AccountView, ...errorResponses(401, 404, 429) } } },
    async (request) => settings.getAccount(request.accountId),
  )

  app.get(
    '/v1/accounts/me/alert-settings',
    {
      schema: {
        tags,
        summary: 'Get the account-level alert settings (used where useGlobalAlertSettings=true)',
        description:
          'The alert settings of checks and groups with useGlobalAlertSettings=true. Until set they are the defaults: ' +
          'RUN_BASED with failedRunThreshold 1, reminders amount 0 every 5 minutes, parallelRunFailureThreshold disabled at 10%.',
        response: { 200: AlertSettingsView, ...errorResponses(401, 429) },
      },
    },
    async (request) => settings.getAlertSettings(request.accountId),
  )

  app.put<{ Body: Record<string, unknown> }>(
    '/v1/accounts/me/alert-settings',
    {
      schema: {
        tags,
        summary: 'Set the account-level alert settings (used where useGlobalAlertSettings=true)',
        description: 'Replaces the settings as a whole: parts left out take their defaults. The response is the normalized settings.',
        body: AlertSettings,
        response: { 200: AlertSettingsView, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => settings.putAlertSettings(request.accountId, request.body),
  )

  app.get(
    '/v1/accounts/me/settings',
    {
      schema: {
        tags,
        summary: "Get the account's general settings",
        description: "badgesEnabled (default false): whether GET /v1/badges/checks/{id} and /v1/badges/groups/{id} serve this account's badges without an API key.",
        response: { 200: GeneralSettingsView, ...errorResponses(401, 429) },
      },
    },
    async (request) => settings.getGeneralSettings(request.accountId),
  )

  app.put<{ Body: Record<string, unknown> }>(
    '/v1/accounts/me/settings',
    {
      schema: {
        tags,
        summary: "Set the account's general settings",
        description: 'Replaces the general settings as a whole (parts left out take their defaults); the alert settings are not touched.',
        body: GeneralSettings,
        response: { 200: GeneralSettingsView, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => settings.putGeneralSettings(request.accountId, request.body),
  )
}
