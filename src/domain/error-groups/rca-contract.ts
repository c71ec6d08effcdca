/**
 * The contract of root-cause analyses: the body that asks for one, the 202 answer, and the analysis as GET returns
 * it (PENDING while the model works; COMPLETED with the analysis; FAILED with why, when the model could not be
 * used: the hosted service shows no failures, this one says what went wrong instead of staying PENDING for ever).
 */
import { Type, type Static } from 'typebox'
import { Nullable } from '../checks/shared-schemas.js'

export const RcaRequest = Nullable(
  Type.Object({
    userContext: Type.Optional(Nullable(Type.String({ maxLength: 256, description: 'Extra details for the analysis (at most 256 characters).' }))),
  }),
)
export type RcaRequest = Static<typeof RcaRequest>

export const RcaPending = Type.Object({
  id: Type.String({ description: 'The analysis id (UUID), to poll GET /v1/root-cause-analyses/{id}.' }),
  status: Type.Literal('PENDING'),
})
export type RcaPending = Static<typeof RcaPending>

const Evidence = Type.Object({
  artifacts: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  description: Type.String(),
})

export const RcaAnalysis = Type.Object({
  classification: Type.String({ description: 'High-level category, e.g. "INFRA ERROR".' }),
  userImpact: Type.String(),
  rootCause: Type.String(),
  codeFix: Nullable(Type.String()),
  evidence: Nullable(Type.Array(Evidence)),
  referenceLinks: Nullable(Type.Array(Type.Object({ url: Type.String(), title: Type.String() }))),
})
export type RcaAnalysis = Static<typeof RcaAnalysis>

export const RcaView = Type.Object({
  id: Type.String(),
  checkType: Type.String(),
  provider: Type.String({ description: 'Where the model runs: the host of the configured endpoint.' }),
  model: Type.String(),
  checkId: Nullable(Type.String()),
  errorGroupId: Nullable(Type.String()),
  durationMs: Type.Number(),
  analysis: Type.Optional(RcaAnalysis),
  status: Type.Union([Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
  error: Type.Optional(Type.String({ description: 'Why the analysis failed (FAILED only).' })),
  userContext: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
})
export type RcaView = Static<typeof RcaView>
