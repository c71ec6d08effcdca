/**
 * The deploy and destroy requests of the hosted service's own CLI on Picket's project routes: its body (gzip, in
 * its own shape, told apart from Picket's by shape), its query (dryRun, scheduleOnDeploy, preserveResources) and the
 * answers it reads (a dry run's diff; a deployment to follow, 202).
 */
import { PassThrough, type Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { Type } from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, ValidationError } from '../../domain/errors.js'
import { isVendorRequest } from '../../domain/projects/vendor/request.js'
import type { Services } from '../../services/index.js'
import type { VendorOptions } from '../../services/projects/vendor-deploy.js'

const DiffEntry = Type.Object({
  type: Type.String(),
  logicalId: Type.String(),
  physicalId: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
  action: Type.String({ description: 'CREATE, UPDATE (unchanged too), DELETE, or DETACHED (kept in the account by preserveResources).' }),
})
export const VendorDiffSchema = Type.Object({ diff: Type.Array(DiffEntry) }, { description: "The hosted service's CLI: the diff of a dry run." })

export const VendorDeploymentSchema = Type.Object(
  {
    id: Type.String(),
    projectLogicalId: Type.String(),
    operation: Type.String({ description: 'DEPLOY or DESTROY.' }),
    status: Type.String({ description: 'SUCCEEDED, FAILED or CANCELLED: Picket answers once the deploy is applied, so always final.' }),
    progress: Type.Integer(),
    result: Type.Union([VendorDiffSchema, Type.Null()]),
    error: Type.Union([Type.Object({ message: Type.String() }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { description: "The hosted service's CLI: a deployment it follows by id." },
)

const VENDOR_FLAGS = ['dryRun', 'scheduleOnDeploy', 'preserveResources'] as const
export const VendorQueryFields = Object.fromEntries(
  VENDOR_FLAGS.map((name) => [name, Type.Optional(Type.Boolean({ description: `The hosted service's CLI: ${name}.` }))]),
) as Record<(typeof VENDOR_FLAGS)[number], ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>>

/** True when the query carries a flag only the vendor's client sends. */
export const hasVendorQuery = (query: unknown): boolean => query !== null && typeof query === 'object' && VENDOR_FLAGS.some((f) => f in query)

/** The flags from a raw query (before its schema ran): 'true' or 'false', or absent. */
function vendorOptions(query: unknown): VendorOptions {
  const q = (query ?? {}) as Record<string, unknown>
  const flag = (name: (typeof VENDOR_FLAGS)[number]): boolean => {
    const v = q[name]
    if (v === undefined || v === 'false' || v === false) return false
    if (v === 'true' || v === true) return true
    throw new ValidationError({ [`querystring.${name}`]: 'must be true or false' })
  }
  // scheduleOnDeploy is read for its check only: Picket schedules a deployed check as its settings say.
  flag('scheduleOnDeploy')
  return { dryRun: flag('dryRun'), preserveResources: flag('preserveResources') }
}

/**
 * The client gzips its deploy body (Content-Encoding: gzip); the decoded body is what the route parses, and both
 * the encoded and the decoded size stay within the route's body limit. A body that is not gzip is a 400.
 */
export async function gunzipBody(request: FastifyRequest, _reply: FastifyReply, payload: Readable): Promise<Readable> {
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase()
  if (encoding === 'identity') return payload
  if (encoding !== 'gzip') throw new DomainError(415, `Content-Encoding ${encoding} is not supported: send gzip or identity`, { 'Content-Encoding': 'must be gzip or identity' })
  const decoded = new PassThrough() as PassThrough & { receivedEncodedLength: number }
  decoded.receivedEncodedLength = 0
  const gunzip = createGunzip()
  payload.on('data', (chunk: Buffer) => (decoded.receivedEncodedLength += chunk.length))
  gunzip.on('error', () => decoded.destroy(new ValidationError({ body: 'is not valid gzip (Content-Encoding: gzip)' })))
  payload.pipe(gunzip).pipe(decoded)
  return decoded
}

/**
 * Answers a deploy in the vendor's shape before the body schema (Picket's own) runs; Picket's own requests go on
 * to it untouched.
 */
export function vendorDeployHook(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isVendorRequest(request.body)) return
    const answer = await services.vendorProjects.deploy(request.accountId, request.body, vendorOptions(request.query))
    if ('preview' in answer) await reply.code(200).send(answer.preview)
    else await reply.code(202).send(answer.deployment)
  }
}

/** A destroy by the vendor's client (its query flags): the deployment to follow, or a plain result when there was nothing to destroy. */
export async function vendorDestroy(services: Services, request: FastifyRequest, logicalId: string, reply: FastifyReply): Promise<void> {
  const answer = await services.vendorProjects.destroy(request.accountId, logicalId, vendorOptions(request.query))
  if (answer === null) await reply.code(200).send({ diff: [] })
  else if ('preview' in answer) await reply.code(200).send(answer.preview)
  else await reply.code(202).send(answer.deployment)
}
