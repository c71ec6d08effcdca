/**
 * The API's request and response shapes, taken from the server's own TypeBox schemas so that the console and the
 * server cannot drift apart. Every import here is `import type`: it is erased at build, so the console still ships
 * no server code and reaches the service through the public API only. This is the one file that crosses into the
 * server's tree, which is why the lint rule against server imports is lifted here alone. Some of the modules they
 * come from use Node's types in their own code (Buffer, node:net), so the console's tsconfig names them; the
 * console's own code still runs in browsers only, which its lint globals keep to.
 */
/* eslint-disable no-restricted-imports -- type-only imports of the server's schemas, erased at build */
import type { Static, TInteger } from 'typebox'
import type { AlertSettingsBody, AlertSettingsView as AlertSettingsViewSchema } from '../../../src/domain/account-settings'
import type { AGENTIC_LIMITS } from '../../../src/domain/checks/agentic'
import type { Doc } from '../../../src/domain/checks/check-type'
import type { CheckView } from '../../../src/domain/checks/check-view-schema'
import type { commonFields } from '../../../src/domain/checks/common-fields'
import type { CheckSessionView, CheckSessionsTriggered } from '../../../src/domain/checks/session-view-schema'
import type { CheckResultView } from '../../../src/domain/results/result-view-schema'
import type { AssetManifest, AssetManifestEntry } from '../../../src/domain/results/asset-manifest'
import type { CheckStatusCounts, CheckStatusView } from '../../../src/domain/results/status-view-schema'
import type { AlertNotificationView, CheckAlertView } from '../../../src/alerting/contract'
import type { ErrorGroupView } from '../../../src/domain/error-groups/contract'
import type { TestSessionView } from '../../../src/domain/test-sessions/contract'
import type {
  AnalyticsResponse as AnalyticsResponseSchema,
  CheckSummaryItem,
  MetricItem as MetricItemSchema,
  MetricMeta as MetricMetaSchema,
} from '../../../src/domain/analytics/contract'
import type { CheckGroupView } from '../../../src/domain/groups/view-schema'
import type { GROUP_FIELD_SPECS } from '../../../src/domain/groups/schema'
import type { DashboardCreateBody as DashboardCreateSchema, DashboardSettings, DashboardUpdateBody as DashboardUpdateSchema } from '../../../src/domain/dashboards'
import type { DashboardView } from '../../../src/domain/dashboard-view'
import type { PrivateLocationKeyView, PrivateLocationView } from '../../../src/domain/private-location-view'
import type { PrivateLocationCreate, PrivateLocationUpdate } from '../../../src/domain/private-locations'
import type { SnippetBody as SnippetSchema, SnippetView as SnippetViewSchema } from '../../../src/domain/snippets'
import type { CreateVariableBody, UpdateVariableBody, VariableView as VariableViewSchema } from '../../../src/domain/variables'
import type { Runtime } from '../../../src/domain/runtimes'
import type { PublicLocation } from '../../../src/domain/locations'
import type {
  AlertChannelCreateBody,
  AlertChannelUpdateBody,
  AlertChannelView as AlertChannelViewSchema,
  ChannelTestResult as ChannelTestResultSchema,
  SubscriptionBody as SubscriptionSchema,
  SubscriptionView as SubscriptionViewSchema,
} from '../../../src/domain/alert-channels/schemas'
import type { PageCreateBody, PageUpdateBody, PageView } from '../../../src/domain/status-pages/page-schemas'
import type { ServiceBody as ServiceSchema, ServiceView } from '../../../src/domain/status-pages/service-ref'
import type {
  IncidentChangeBody as IncidentChangeSchema,
  IncidentCreateBody as IncidentCreateSchema,
  IncidentUpdateCreateBody,
  IncidentUpdateView,
  IncidentView,
} from '../../../src/domain/status-pages/incident-schemas'
import type { MaintenanceWindowCreateBody, MaintenanceWindowUpdateBody, MaintenanceWindowView as MaintenanceWindowSchema } from '../../../src/domain/maintenance'
import type { AccountInvite, AccountMember, AccountMembersList, CreatedInvite as CreatedInviteSchema, SessionInfo as SessionSchema } from '../../../src/api/schemas/users'
import type { ApiKeyView as ApiKeySchema, CreatedApiKey as CreatedApiKeySchema, InvitationPreview as InvitationPreviewSchema } from '../../../src/domain/users/contract'

export type {
  AlertNotificationView,
  ErrorGroupView,
  CheckAlertView,
  AlertSettingsBody,
  CheckView,
  CheckSessionView,
  CheckSessionsTriggered,
  CheckResultView,
  CheckStatusView,
  CheckGroupView,
  DashboardView,
  DashboardSettings,
  TestSessionView,
}
export type {
  PrivateLocationKeyView,
  PrivateLocationView,
  PrivateLocationCreate,
  PrivateLocationUpdate,
  Runtime,
  PublicLocation,
  PageView,
  ServiceView,
  IncidentView,
  IncidentUpdateView,
}

type CommonFieldSpecs = ReturnType<typeof commonFields<TInteger>>
/**
 * The stored fields every check type has, typed from the server's field schemas. Optional: a check stored before a
 * field existed may lack it, so the server's views do not require them either.
 */
export type CheckCommonFields = { [K in keyof CommonFieldSpecs]?: Static<CommonFieldSpecs[K]['schema']> }

/** A check as any check route answers: the fields every type's view has, and the stored fields every type has. */
export type CheckWithFields = CheckView & CheckCommonFields

/** The stored fields of a group, typed from the server's field schemas; optional for the same reason. */
export type GroupFields = { [K in keyof typeof GROUP_FIELD_SPECS]?: Static<(typeof GROUP_FIELD_SPECS)[K]['schema']> }

/** A group as the group routes answer: the response fields and the stored ones. */
export type GroupWithFields = CheckGroupView & GroupFields

/** The limits of one agentic run (range and default of each), as the literal values the server validates against. */
export type AgenticLimits = typeof AGENTIC_LIMITS

/** A check or group body as the forms send it: the server validates it against the schema of its type. */
export type CheckBody = Doc

export type DashboardCreate = Static<typeof DashboardCreateSchema>
export type DashboardUpdate = Static<typeof DashboardUpdateSchema>

export type SnippetView = Static<typeof SnippetViewSchema>
export type SnippetBody = Static<typeof SnippetSchema>

export type VariableView = Static<typeof VariableViewSchema>
export type VariableCreate = Static<typeof CreateVariableBody>
export type VariableUpdate = Static<typeof UpdateVariableBody>

export type AlertChannelView = Static<typeof AlertChannelViewSchema>
export type AlertChannelCreate = Static<typeof AlertChannelCreateBody>
export type AlertChannelUpdate = Static<typeof AlertChannelUpdateBody>
export type SubscriptionView = Static<typeof SubscriptionViewSchema>
export type SubscriptionBody = Static<typeof SubscriptionSchema>
export type ChannelTestResultView = Static<typeof ChannelTestResultSchema>

export type StatusPageCreate = Static<typeof PageCreateBody>
export type StatusPageUpdate = Static<typeof PageUpdateBody>
export type ServiceBody = Static<typeof ServiceSchema>
export type IncidentCreate = Static<typeof IncidentCreateSchema>
export type IncidentChange = Static<typeof IncidentChangeSchema>
export type IncidentUpdateCreate = Static<typeof IncidentUpdateCreateBody>

export type MaintenanceWindowView = Static<typeof MaintenanceWindowSchema>
export type MaintenanceWindowCreate = Static<typeof MaintenanceWindowCreateBody>
export type MaintenanceWindowUpdate = Static<typeof MaintenanceWindowUpdateBody>

export type AlertSettingsView = Static<typeof AlertSettingsViewSchema>

export type AnalyticsResponseView = Static<typeof AnalyticsResponseSchema>
export type CheckSummaryView = Static<typeof CheckSummaryItem>
export type CheckStatusCountsView = CheckStatusCounts
export type MetricItemView = Static<typeof MetricItemSchema>
export type MetricMetaView = Static<typeof MetricMetaSchema>

export type AssetManifestView = Static<typeof AssetManifest>
export type AssetManifestEntryView = Static<typeof AssetManifestEntry>

export type SessionInfo = Static<typeof SessionSchema>
export type MemberView = Static<typeof AccountMember>
export type InviteView = Static<typeof AccountInvite>
export type MembersList = Static<typeof AccountMembersList>
export type CreatedInvite = Static<typeof CreatedInviteSchema>
export type ApiKeyView = Static<typeof ApiKeySchema>
export type CreatedApiKeyView = Static<typeof CreatedApiKeySchema>
export type InvitationPreviewView = Static<typeof InvitationPreviewSchema>
