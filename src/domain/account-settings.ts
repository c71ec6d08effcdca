/** The account's general settings (beside its alert settings): what the account allows to be seen without an API key. */
import { Type } from 'typebox'

export const GeneralSettings = Type.Object(
  {
    badgesEnabled: Type.Optional(Type.Boolean({ description: "Serve status badges of this account's checks and groups at /v1/badges/… without an API key. Default false." })),
  },
  { additionalProperties: true },
)

export interface GeneralSettingsView {
  badgesEnabled: boolean
}

/** The settings with their defaults filled in: anything but an explicit true keeps badges off. */
export const normalizeGeneralSettings = (doc: unknown): GeneralSettingsView => {
  const d = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>) : {}
  return { badgesEnabled: d.badgesEnabled === true }
}
