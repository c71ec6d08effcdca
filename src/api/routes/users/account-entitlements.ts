/**
 * An account by its id and the entitlements of an account (reference routes /v1/accounts/{accountId},
 * /v1/accounts/me/entitlements and /v1/accounts/{accountId}/entitlements). A key sees only its own account: any
 * other id is a 404, whether or not that account exists.
 */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../../services/index.js'
import { NotFoundError } from '../../../domain/errors.js'
import { entitlementsOf, EntitlementsView } from '../../../domain/users/entitlements.js'
import { errorResponses } from '../../schemas/common.js'
import { namedAccount } from './members.js'

const tags = ['accounts']
const AccountParams = Type.Object({ accountId: Type.String({ description: "The caller's account id (X-Service-Account); any other is 404." }) })
const AccountView = Type.Object({ id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) })
const notFound = (accountId: string) => new NotFoundError('Account', accountId)

export async function accountEntitlementRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const entitlements = () => entitlementsOf(services.referenceData.locations())

  app.get(
    '/v1/accounts/:accountId',
    {
      schema: { tags, summary: "Get an account by its id (the caller's own)", params: AccountParams, response: { 200: AccountView, ...errorResponses(401, 404, 429) } },
    },
    async (request) => services.accountSettings.getAccount(namedAccount(request, notFound)),
  )

  const description =
    'This installation has no plans: its features are enabled for every account, the ones it lacks are disabled, and ' +
    'a metered entitlement carries a quantity only where a limit is enforced. Every location may be chosen.'

  app.get(
    '/v1/accounts/me/entitlements',
    { schema: { tags, summary: 'The entitlements of the current account', description, response: { 200: EntitlementsView, ...errorResponses(401, 429) } } },
    async () => entitlements(),
  )

  app.get(
    '/v1/accounts/:accountId/entitlements',
    {
      schema: {
        tags,
        summary: "The entitlements of an account (the caller's own)",
        description,
        params: AccountParams,
        response: { 200: EntitlementsView, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      namedAccount(request, notFound)
      return entitlements()
    },
  )
}
