/**
 * What an account of this installation may use (GET /v1/accounts/{me|accountId}/entitlements), in the reference's
 * entitlement shape. A self-hosted installation has no plans: every feature it has is enabled for every account,
 * the features the reference names that it does not have are listed as disabled (no plan unlocks them), and a
 * metered entitlement carries a quantity only where the service enforces a limit (the rest are unlimited and listed
 * as flags). Every location may be chosen, and there is no cap on locations per check.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'
import { CREATABLE_TYPES, TYPES_NOT_BUILT } from '../checks/check-type-of-body.js'
import { MAX_CHECK_ENV_VARS } from '../checks/common-fields.js'
import { MAX_GROUP_ENV_VARS } from '../groups/schema.js'
import { ALERT_CHANNEL_TYPES } from '../alert-channels/config-rules.js'
import { MAX_KEYS_PER_LOCATION } from '../private-locations.js'

export const SELF_HOSTED_PLAN = 'self-hosted'

export const AccountEntitlementView = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  type: StringEnum(['flag', 'metered'] as const),
  enabled: Type.Boolean(),
  quantity: Type.Optional(Type.Integer({ minimum: 0, description: 'The most this installation allows; only on metered entitlements.' })),
})
export type AccountEntitlementView = Static<typeof AccountEntitlementView>

export const AddonTier = Type.Object({ tier: Type.String(), tierDisplayName: Type.String() })

export const EntitlementsView = Type.Object({
  plan: Type.String(),
  planDisplayName: Type.String(),
  // Always present though empty: clients read `addons.<name>` without checking that the object exists.
  addons: Type.Object(
    { communicate: Type.Optional(AddonTier), resolve: Type.Optional(AddonTier) },
    { description: 'The add-ons of the account: none, every feature of this installation is in every account.' },
  ),
  locations: Type.Object({
    all: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), available: Type.Boolean() })),
  }),
  entitlements: Type.Array(AccountEntitlementView),
})
export type EntitlementsView = Static<typeof EntitlementsView>

/** Alert channel types the reference names; the ones this service delivers to are ALERT_CHANNEL_TYPES. */
const REFERENCE_CHANNEL_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'SLACK_APP', 'SMS', 'PAGERDUTY', 'OPSGENIE', 'CALL'] as const

const title = (upper: string) =>
  upper
    .split('_')
    .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ')

const flag = (key: string, name: string, description: string, enabled = true): AccountEntitlementView => ({ key, name, description, type: 'flag', enabled })
const metered = (key: string, name: string, description: string, quantity: number): AccountEntitlementView => ({
  key,
  name,
  description,
  type: 'metered',
  enabled: true,
  quantity,
})

/** The features of this installation, the same for every account. */
export function installationEntitlements(): AccountEntitlementView[] {
  const checkTypes = [
    ...CREATABLE_TYPES.map((type) => flag(`CHECK_TYPE_${type}`, `${title(type)} checks`, `Create and run ${title(type)} checks.`)),
    ...TYPES_NOT_BUILT.map((type) => flag(`CHECK_TYPE_${type}`, `${title(type)} checks`, `${title(type)} checks are not available on this installation.`, false)),
  ]
  const channels = REFERENCE_CHANNEL_TYPES.map((type) => {
    const built = (ALERT_CHANNEL_TYPES as readonly string[]).includes(type)
    return flag(
      `ALERT_CHANNEL_${type}`,
      `${title(type)} alert channels`,
      built ? `Send alerts to ${title(type)} channels.` : `${title(type)} channels are not available on this installation.`,
      built,
    )
  })
  return [
    ...checkTypes,
    ...channels,
    flag('CHECK_GROUPS', 'Check groups', 'Organise checks in groups with shared settings.'),
    flag('PRIVATE_LOCATIONS', 'Private locations', 'Run checks from your own network with the agent; unlimited locations.'),
    metered('PRIVATE_LOCATION_KEYS', 'Agent keys per private location', 'Keys a private location holds at once, for rotation.', MAX_KEYS_PER_LOCATION),
    flag('DASHBOARDS', 'Dashboards', 'Public dashboards of check results; unlimited dashboards.'),
    flag('PRIVATE_DASHBOARDS', 'Private dashboards', 'Dashboards opened only with their key.'),
    flag('STATUS_PAGES', 'Status pages', 'Status pages with services, incidents and e-mail subscribers.'),
    flag('MAINTENANCE_WINDOWS', 'Maintenance windows', 'Silence alerts of checks by tag during planned work.'),
    flag('RETRY_STRATEGIES', 'Retry strategies', 'Retry failed runs before alerting.'),
    flag('PARALLEL_RUNS', 'Parallel runs', 'Run a check in all its locations at once.'),
    flag('HIGH_FREQUENCY_CHECKS', 'Sub-minute frequencies', 'API and TCP checks every 10, 20 or 30 seconds.'),
    flag('MONITORING_AS_CODE', 'Monitoring as code', 'Deploy checks and resources from code with the CLI.'),
    metered('CHECK_ENVIRONMENT_VARIABLES', 'Environment variables per check', 'Environment variables one check may define.', MAX_CHECK_ENV_VARS),
    metered('GROUP_ENVIRONMENT_VARIABLES', 'Environment variables per group', 'Environment variables one check group may define.', MAX_GROUP_ENV_VARS),
  ]
}

/** The entitlements answer: every location selectable, and this installation's features. */
export function entitlementsOf(locations: ReadonlyArray<{ region: string; name: string }>): EntitlementsView {
  return {
    plan: SELF_HOSTED_PLAN,
    planDisplayName: 'Self-hosted',
    addons: {},
    // A check may name any location: runs are made by this installation's runners under that name.
    locations: { all: locations.map((l) => ({ id: l.region, name: l.name, available: true })) },
    entitlements: installationEntitlements(),
  }
}
