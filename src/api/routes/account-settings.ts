/** The current account and its account-level alert settings: HTTP routes. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../services/index.js'
import { AlertSettings } from '../../domain/checks/shared-schemas.js'
import { AlertSettingsView, GeneralSettings, GeneralSettingsView, type AlertSettingsBody } from '../../domain/account-settings.js'
import { errorResponses } from '../schemas/common.js'

const tags = ['accounts']

const AccountView = Type.Object({ id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) })

export async function accountSettingsRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const settings = services.accountSettings

  app.get(
    '/v1/accounts/me',
    { schema: { tags, summary: 'Get the current account (the one of X-Service-Account)', response: { 200: AccountView, ...errorResponses(401, 404, 429) } } },
    async (request) => settings.getAccount(request.accountId),
  )

  // The alert settings routes answer with the record the checks' normalizer returns, whose fields the compiler does
  // not know: their replies are left to the response schema, and the PUT body is typed by hand from its schema.
  fastify.get(
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

  fastify.put<{ Body: AlertSettingsBody }>(
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

  app.put(
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
