/** Monitoring as code: deploy (or preview) a project's resources, list and read projects, destroy one. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { DeployRequestSchema, LOGICAL_ID_PATTERN, RESOURCE_KINDS } from '../../domain/projects/deploy-request.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { gunzipBody, hasVendorQuery, VendorDeploymentSchema, VendorDiffSchema, vendorDeployHook, vendorDestroy, VendorQueryFields } from './projects-vendor.js'

const tags = ['projects']
/** The largest deploy request (BODY_LIMIT_BYTES, default 1 MiB, bounds every other route). */
export const DEPLOY_BODY_LIMIT_BYTES = 32 * 1_048_576
const ACTIONS = ['create', 'update', 'delete', 'unchanged'] as const

const Id = Type.Union([Type.String(), Type.Integer(), Type.Null()], {
  description: "The resource's id in the API (a variable: its key; a dashboard: its dashboardId); null for a create in a preview.",
})

const ResourceChange = Type.Object({
  kind: StringEnum(RESOURCE_KINDS),
  logicalId: Type.String(),
  action: StringEnum(ACTIONS),
  id: Id,
  fields: Type.Optional(Type.Array(Type.String(), { description: 'update: the top-level payload fields that changed.' })),
})

const DeployResponse = Type.Object({
  project: Type.Object({ id: Type.String({ description: "Empty in a preview of a project's first deploy." }), logicalId: Type.String(), name: Type.String() }),
  preview: Type.Boolean(),
  changes: Type.Array(ResourceChange),
  summary: Type.Object(Object.fromEntries(ACTIONS.map((a) => [a, Type.Integer()])) as Record<(typeof ACTIONS)[number], ReturnType<typeof Type.Integer>>),
})

const ProjectFields = {
  id: Type.String(),
  logicalId: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}
const ProjectSummary = Type.Object({ ...ProjectFields, resources: Type.Integer({ description: 'How many resources the project deployed.' }) })
const ProjectDetail = Type.Object({
  ...ProjectFields,
  resources: Type.Array(Type.Object({ kind: StringEnum(RESOURCE_KINDS), logicalId: Type.String(), id: Type.Union([Type.String(), Type.Integer()]) })),
})

const PreviewQuery = Type.Object({
  preview: Type.Boolean({ default: false, description: 'true: answer the plan and change nothing.' }),
  ...VendorQueryFields,
})

/** Picket's answer, or (the hosted service's CLI) a dry run's diff; 202: that client's deployment to follow. */
const deployAnswers = { 200: Type.Union([DeployResponse, VendorDiffSchema]), 202: VendorDeploymentSchema }
const Params = Type.Object({ logicalId: Type.String({ minLength: 1, maxLength: 255, pattern: LOGICAL_ID_PATTERN, description: "The project's logical id (URL-encoded)." }) })
const ListQuery = Type.Object(PageQuery)

type P = Static<typeof Params>

export async function projectRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const projects = services.projects

  app.post(
    '/v1/projects/deploy',
    {
      // A whole project in one request (scripts and suite files inline): more than one resource's body may take.
      bodyLimit: DEPLOY_BODY_LIMIT_BYTES,
      preParsing: gunzipBody,
      preValidation: vendorDeployHook(services),
      schema: {
        tags,
        summary: "Deploy a project's resources: create, update and delete what changed since its last deploy, in one transaction",
        description:
          'Each payload is the body of the resource\'s create call; `{"$ref": "<kind>:<logicalId>"}` stands for the id of another resource of the request. ' +
          'Every problem of the request is answered in one 400 before anything is written; a failure while writing rolls the whole deploy back. ' +
          "The hosted service's own CLI deploys here too: its request (told apart by shape, gzip accepted) is translated into the same deploy.",
        querystring: PreviewQuery,
        body: DeployRequestSchema,
        response: { ...deployAnswers, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => projects.deploy(request.accountId, request.body, { preview: request.query.preview }),
  )

  app.get(
    '/v1/projects',
    { schema: { tags, summary: 'List projects', querystring: ListQuery, response: { 200: Type.Array(ProjectSummary), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await projects.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  // The resources of a project come from its stored bindings, whose kind the store reads as text: this reply is left
  // to the response schema rather than claimed to be one of the kinds.
  fastify.get<{ Params: P }>(
    '/v1/projects/:logicalId',
    { schema: { tags, summary: 'Get a project with the resources it deployed', params: Params, response: { 200: ProjectDetail, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => projects.get(request.accountId, request.params.logicalId),
  )

  app.delete(
    '/v1/projects/:logicalId',
    {
      schema: {
        tags,
        summary: 'Destroy a project: delete every resource it deployed, and the project, in one transaction',
        params: Params,
        querystring: PreviewQuery,
        response: { ...deployAnswers, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      if (!hasVendorQuery(request.query)) return projects.destroy(request.accountId, request.params.logicalId, { preview: request.query.preview })
      await vendorDestroy(services, request, request.params.logicalId, reply)
    },
  )
}
