/** The contract of error groups: the response view of a group and the body that archives or restores it. */
import { Type, type Static } from 'typebox'
import { Nullable } from '../checks/shared-schemas.js'

export const ErrorGroupView = Type.Object({
  id: Type.String({ description: 'Unique ID of the error group (UUID).' }),
  checkId: Type.String({ description: 'The check whose failing runs the group holds.' }),
  errorHash: Type.String({ description: 'sha256 (hex) of the cleaned error message, for deduplication.' }),
  rawErrorMessage: Nullable(Type.String({ description: 'The error message of the latest occurrence, as recorded in its check result.' })),
  cleanedErrorMessage: Type.String({
    description: 'The message with numbers, ids, UUIDs, hex, timestamps, IPs, ports, durations and quoted values replaced by placeholders; what the group is made by.',
  }),
  firstSeen: Type.String({ format: 'date-time', description: 'Start of the first failing run in the group.' }),
  lastSeen: Type.String({ format: 'date-time', description: 'Start of the latest failing run in the group.' }),
  archivedUntilNextEvent: Type.Boolean({ description: 'Hidden from the default lists until the error occurs again.' }),
  rootCauseAnalyses: Type.Array(Type.Object({}, { additionalProperties: true }), {
    description: 'Its completed root-cause analyses, oldest first (id, created_at, analysis, provider, model, durationMs, userContext); pending and failed ones are read by id.',
  }),
  occurrences: Type.Integer({ description: 'How many failing runs the group holds (archived or not).' }),
  archivedForever: Type.Boolean({ description: 'Archived with archiveForEver: hidden from the default lists even when the error occurs again (occurrences are still counted).' }),
})
export type ErrorGroupView = Static<typeof ErrorGroupView>

/** PATCH body; null (like a missing field) leaves that setting as it is. */
export const ErrorGroupPatch = Type.Object(
  {
    archiveForEver: Type.Optional(Nullable(Type.Boolean({ description: 'true: hide the group for good (still counted); false: undo it.' }))),
    archivedUntilNextEvent: Type.Optional(Nullable(Type.Boolean({ description: 'true: hide the group until the error occurs again; false: show it again.' }))),
  },
  { description: 'At least one of the two; null leaves a setting as it is. Other keys are ignored.' },
)
export type ErrorGroupPatch = Static<typeof ErrorGroupPatch>
