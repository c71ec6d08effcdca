/** Schemas shared by routes, for validation and the OpenAPI document. */
import { Type } from 'typebox'

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    attributes: Type.Object({}, { additionalProperties: true }),
  },
  { description: 'Error body of every API error. For validation errors, attributes maps each offending field to the reason.' },
)

export const errorResponses = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponse]))

export const AutoAssignAlertsQuery = Type.Object({
  autoAssignAlerts: Type.Boolean({ default: true, description: "Subscribe the resource to all of the account's alert channels." }),
})
