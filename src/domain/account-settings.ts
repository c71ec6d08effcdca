/**
 * The contract of an account's settings: its general settings (what the account allows to be seen without an API
 * key) and its alert settings (what useGlobalAlertSettings points at), as bodies, as stored and as shown.
 */
import { Type, type Static } from 'typebox'
import type { AlertSettings } from './checks/shared-schemas.js'

export const GeneralSettings = Type.Object(
  {
    badgesEnabled: Type.Optional(Type.Boolean({ description: "Serve status badges of this account's checks and groups at /v1/badges/… without an API key. Default false." })),
  },
  { additionalProperties: true },
)
export type GeneralSettings = Static<typeof GeneralSettings>

export const GeneralSettingsView = Type.Object({ badgesEnabled: Type.Boolean() })
export type GeneralSettingsView = Static<typeof GeneralSettingsView>

/** The PUT body of the alert settings: the alert settings of a check or group. */
export type AlertSettingsBody = Static<typeof AlertSettings>

/** The alert settings with every part filled in, as the API shows them. */
export const AlertSettingsView = Type.Object({
  escalationType: Type.String(),
  runBasedEscalation: Type.Object({ failedRunThreshold: Type.Integer() }),
  timeBasedEscalation: Type.Object({ minutesFailingThreshold: Type.Integer() }),
  reminders: Type.Object({ amount: Type.Integer(), interval: Type.Integer() }),
  parallelRunFailureThreshold: Type.Object({ enabled: Type.Boolean(), percentage: Type.Integer() }),
})

/**
 * The settings as stored, one document per account; each part is absent until first set. The alert settings are
 * stored as their normalizer (normalizeAlertSettings, which the checks share) returns them, a record of its own.
 */
export const AccountSettingsDoc = Type.Object({
  alertSettings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  generalSettings: Type.Optional(GeneralSettingsView),
})
export type AccountSettingsDoc = Static<typeof AccountSettingsDoc>

/** The settings with their defaults filled in: anything but an explicit true keeps badges off. */
export const normalizeGeneralSettings = (doc: unknown): GeneralSettingsView => ({
  badgesEnabled: doc !== null && typeof doc === 'object' && 'badgesEnabled' in doc && doc.badgesEnabled === true,
})
