/** The routes private-location agents call: `/agent/v1/*` (the agent protocol v1: runners/agent-protocol.ts). */
import { Readable } from 'node:stream'
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AgentCaller, PostedResult } from '../../../../services/private-locations/agent-jobs.js'
import type { Services } from '../../../../services/index.js'
import { errorResponses } from '../../../schemas/common.js'
import { installAgentAuth } from './agent-auth.js'
import {
  ArtifactParams,
  ErrorReportBody,
  HeartbeatBody,
  JobParams,
  JobStatesAnswer,
  JobStatesBody,
  LeaseBody,
  LeasedJob,
  ResultBody,
  type ErrorReport,
  type LeaseRequest,
  type ResultRequest,
} from './schemas.js'

const tags = ['agent']
const callerOf = (agent: AgentCaller | null): AgentCaller => agent as AgentCaller

export async function agentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (agentApp) => {
    installAgentAuth(agentApp, services.agentPresence)
    const jobs = services.agentJobs
    // A long poll ends, empty-handed, as the server begins to close (it would otherwise hold the shutdown for up to
    // its wait) or when its agent hangs up (nobody would receive what it leased).
    const polls = new Set<AbortController>()
    let closing = false
    agentApp.addHook('preClose', async () => {
      closing = true
      for (const poll of polls) poll.abort()
    })
    const untilClosedOrGone = (reply: FastifyReply): AbortSignal => {
      const poll = new AbortController()
      if (closing) poll.abort()
      polls.add(poll)
      reply.raw.once('close', () => {
        polls.delete(poll)
        poll.abort()
      })
      return poll.signal
    }

    agentApp.post<{ Body: LeaseRequest }>(
      '/agent/v1/jobs/lease',
      {
        schema: {
          tags,
          summary: 'Lease due run jobs of this private location (long poll)',
          body: LeaseBody,
          response: { 200: Type.Object({ jobs: Type.Array(LeasedJob) }), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => jobs.lease(callerOf(request.agent), request.body, untilClosedOrGone(reply)),
    )

    agentApp.post<{ Params: Static<typeof JobParams>; Body: ResultRequest }>(
      '/agent/v1/jobs/:jobId/result',
      {
        schema: {
          tags,
          summary: "Post a leased job's result",
          params: JobParams,
          body: ResultBody,
          response: { 200: Type.Object({ accepted: Type.Boolean(), reason: Type.Optional(Type.String()) }), ...errorResponses(400, 401, 409) },
        },
      },
      async (request) => jobs.postResult(callerOf(request.agent), request.params.jobId, request.body.leaseToken, request.body.result as PostedResult),
    )

    agentApp.post<{ Body: Static<typeof JobStatesBody> }>(
      '/agent/v1/jobs/states',
      {
        schema: {
          tags,
          summary: 'What became of the jobs this agent is running (a cancelled one is to be stopped)',
          body: JobStatesBody,
          response: { 200: JobStatesAnswer, ...errorResponses(400, 401) },
        },
      },
      async (request) => jobs.jobStates(callerOf(request.agent), request.body.jobs),
    )

    agentApp.post<{ Body: Static<typeof HeartbeatBody> }>(
      '/agent/v1/heartbeat',
      {
        schema: {
          tags,
          summary: 'Tell the service this agent is alive (or, with leaving, that it stops)',
          body: HeartbeatBody,
          response: { 200: Type.Object({ serverTime: Type.String() }), ...errorResponses(400, 401) },
        },
      },
      async (request) => services.agentPresence.heartbeat(callerOf(request.agent), request.body.jobsInFlight, request.body.leaving === true),
    )

    agentApp.post<{ Body: ErrorReport }>(
      '/agent/v1/errors',
      { schema: { tags, summary: 'Report an agent error (stored scrubbed of secrets)', body: ErrorReportBody, response: { 202: Type.Null(), ...errorResponses(400, 401) } } },
      async (request, reply) => {
        await services.agentPresence.reportError(callerOf(request.agent), request.body)
        return reply.code(202).send()
      },
    )

    // Artifacts are raw bodies of any type, streamed to the store: no parser of this context reads them.
    await agentApp.register(async (upload) => {
      upload.removeAllContentTypeParsers()
      upload.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
      upload.put<{ Params: Static<typeof ArtifactParams> }>(
        '/agent/v1/jobs/:jobId/artifacts/:name',
        {
          schema: {
            tags,
            summary: 'Upload one artifact of a leased job (raw body, streamed; X-Lease-Token)',
            params: ArtifactParams,
            response: { 201: Type.Null(), ...errorResponses(400, 401, 409, 413) },
          },
        },
        async (request, reply) => {
          const token = request.headers['x-lease-token']
          const length = Number(request.headers['content-length'])
          const body = request.body as Readable | undefined
          await jobs.uploadArtifact(
            callerOf(request.agent),
            request.params.jobId,
            (Array.isArray(token) ? token[0] : token) ?? '',
            request.params.name,
            body ?? Readable.from([]),
            Number.isFinite(length) ? length : undefined,
          )
          return reply.code(201).send()
        },
      )
    })
  })
}
