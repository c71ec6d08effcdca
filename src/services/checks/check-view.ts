/**
 * The response shape of a check: its document plus the fields only a response has (id, alertChannels, created_at,
 * updated_at, logicalId, project). Secret environment variables (its own and, with group settings applied, its
 * group's) read as null.
 */
import type { ResourceOwner } from '../../store/projects.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import { applyGroupSettings } from '../../domain/groups/apply-group-settings.js'
import type { GroupSettings } from '../../domain/groups/schema.js'
import { hideSecretValues } from '../../domain/secrets/env-var-secrets.js'
import { codeBundlePathOf } from '../../domain/checks/suite-bundle.js'
import type { CheckRecord } from '../../store/checks.js'
import type { Static } from 'typebox'
import type { AlertChannelsView as AlertChannelsViewSchema, CheckView } from '../../domain/checks/check-view-schema.js'

export type AlertChannelsView = Static<typeof AlertChannelsViewSchema>

export const emptyAlertChannels = (): AlertChannelsView => ({ email: [], webhook: [], slack: [], sms: [] })

export interface CheckViewContext {
  publicBaseUrl: string
  alertChannels?: AlertChannelsView
  alertChannelSubscriptions?: Array<{ alertChannelId: number; activated: boolean }>
  /** The project that deployed the check (monitoring as code), if one did. */
  owner?: ResourceOwner | undefined
}

export const pingUrlFor = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/ping/${encodeURIComponent(token)}`

/**
 * The project bindings of a check. A deploy here binds a check to the one project that owns it; no project only
 * references a check, and there are no import plans, so a binding is never pending.
 */
function bindingsOf(owner: ResourceOwner | undefined): Pick<CheckView, 'projectBindings' | 'member' | 'pending'> {
  if (!owner) return { projectBindings: { owner: null, references: [] }, member: null, pending: null }
  return { projectBindings: { owner: { project: owner.project, binding: { logicalId: owner.logicalId, pending: false } }, references: [] }, member: true, pending: false }
}

/** A check as /v2 and /v3 read it: its project ownership only in projectBindings, without the flat fields of /v1. */
export function withoutFlatProject(view: CheckView): CheckView {
  const { logicalId: _logicalId, project: _project, member: _member, pending: _pending, ...rest } = view
  return rest as CheckView
}

export function presentCheck(record: CheckRecord, ctx: CheckViewContext): CheckView {
  const view: CheckView = {
    id: record.id,
    checkType: record.checkType,
    ...hideSecretValues(record.doc, null),
    alertChannelSubscriptions: ctx.alertChannelSubscriptions ?? [],
    alertChannels: ctx.alertChannels ?? emptyAlertChannels(),
    created_at: toIso(record.createdAt),
    updated_at: toIsoOrNull(record.updatedAt),
    // Monitoring as code: the project that deployed the check and its logical id there (null when made by hand).
    logicalId: ctx.owner?.logicalId ?? null,
    project: ctx.owner?.project ?? null,
    ...bindingsOf(ctx.owner),
  }
  const heartbeat = record.doc.heartbeat as Record<string, unknown> | undefined
  if (record.checkType === 'HEARTBEAT' && heartbeat && typeof heartbeat.pingToken === 'string') {
    view.heartbeat = { ...heartbeat, pingUrl: pingUrlFor(ctx.publicBaseUrl, heartbeat.pingToken) }
  }
  // A suite's files are its bundle: the reference requires codeBundlePath, so it names the stored files.
  if (record.checkType === 'PLAYWRIGHT') view.codeBundlePath = codeBundlePathOf(record.id, record.doc)
  // Documents stored before the system resolver was written as no nameServer still hold null: never answered.
  const request = view.request as Record<string, unknown> | undefined
  if (record.checkType === 'DNS' && request && request.nameServer === null) {
    const { nameServer: _none, ...rest } = request
    view.request = rest
  }
  return view
}

/** A check's view with its group's settings applied: the group's secrets read as null like the check's own. */
export const presentWithGroupSettings = (view: CheckView, group: GroupSettings): CheckView => hideSecretValues(applyGroupSettings(view, group), null)
