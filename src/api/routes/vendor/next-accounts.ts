/**
 * Compatibility routes for the reference service's own command-line client, which checks its credentials and
 * names its user through /next routes before any public one: GET /next/accounts, /next/accounts/{id} and
 * /next/users/me. They are not part of the public API (the spec does not name them); they answer what that client
 * reads (an account's id, name, default runtime and plan; the user's id and name), from this installation's
 * accounts and the API key's user. A key sees only its own account: any other id is a 404.
 */
import { Type } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../../services/index.js'
import { NotFoundError } from '../../../domain/errors.js'
import { AddonTier, SELF_HOSTED_PLAN } from '../../../domain/users/entitlements.js'
import { RUNTIMES } from '../../../domain/runtimes.js'
import { errorResponses } from '../../schemas/common.js'

/** The OpenAPI tag of every route that exists only for the reference's clients. */
export const COMPATIBILITY_TAG = 'compatibility'
const tags = [COMPATIBILITY_TAG]
const compatibility = 'Compatibility route for the reference service\u2019s own CLI; not part of the public API. '

/** The runtime a check without runtimeId runs on: the client uses it as the default of the checks it builds. */
const DEFAULT_RUNTIME_ID = (RUNTIMES.find((r) => r.stage === 'CURRENT') ?? RUNTIMES[0])?.name ?? ''

const NextAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  runtimeId: Type.String({ description: 'The runtime checks without one run on.' }),
  plan: Type.String(),
  planDisplayName: Type.String(),
  addons: Type.Record(Type.String(), AddonTier, { description: 'None: every feature of this installation is enabled for every account.' }),
  features: Type.Array(Type.String(), { description: 'Client-visible feature flags (none: standard limits apply).' }),
})
const NextUser = Type.Object({ id: Type.String(), name: Type.String(), email: Type.Optional(Type.String()) })
const AccountParams = Type.Object({ accountId: Type.String({ maxLength: 100, description: 'An account the caller may use; any other is 404.' }) })

const present = (account: { id: string; name: string }) => ({
  id: account.id,
  name: account.name,
  runtimeId: DEFAULT_RUNTIME_ID,
  plan: SELF_HOSTED_PLAN,
  planDisplayName: 'Self-hosted',
  addons: {},
  features: [],
})

/** An operator API key acts for its account without a user: it is named as what it is. */
const OPERATOR = { id: 'operator', name: 'Operator API key' }

export async function nextAccountRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  // With a key its account is known from the key, with or without the account header; a console session lists
  // the accounts of its user.
  const config = { accountOptional: true }
  const accountsOf = async (request: FastifyRequest) => {
    if (!request.accountId) return services.members.accountsOf(request.userId)
    const { id, name } = await services.accountSettings.getAccount(request.accountId)
    return [{ id, name }]
  }

  app.get(
    '/next/accounts',
    {
      config,
      schema: { tags, summary: 'The accounts you can use (compatibility)', description: compatibility, response: { 200: Type.Array(NextAccount), ...errorResponses(401, 429) } },
    },
    async (request) => (await accountsOf(request)).map(present),
  )

  app.get(
    '/next/accounts/:accountId',
    {
      config,
      schema: {
        tags,
        summary: 'An account you can use (compatibility)',
        description: compatibility,
        params: AccountParams,
        response: { 200: NextAccount, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const account = (await accountsOf(request)).find((a) => a.id === request.params.accountId)
      if (!account) throw new NotFoundError('Account', request.params.accountId)
      return present(account)
    },
  )

  app.get(
    '/next/users/me',
    {
      config,
      schema: {
        tags,
        summary: 'The user the API key or session acts as (compatibility)',
        description: `${compatibility}An operator API key has no user: it is named "${OPERATOR.name}".`,
        response: { 200: NextUser, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const user = await services.members.user(request.userId)
      if (!user) return OPERATOR
      return { id: user.id, name: user.name ?? user.email, email: user.email }
    },
  )
}
