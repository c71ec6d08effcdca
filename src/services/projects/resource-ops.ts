/**
 * Create, update and delete of each kind a project deploys, through the resources' own services (their rules, their
 * side effects: schedules, subscriptions, heartbeat timers), built from the deps given: a deploy gives deps bound to
 * its transaction, so that every write of the deploy commits or rolls back together.
 */
import type { ResourceKind, ResourcePayload } from '../../domain/projects/deploy-request.js'
import type { ResourceId } from '../../domain/projects/resource-ids.js'
import { alertChannelService, alertChannelServiceUses } from '../alert-channels/alert-channels.js'
import { checkGroupService, checkGroupServiceUses } from '../groups/check-groups.js'
import { checkService, checkServiceUses } from '../checks/checks.js'
import { requiringAgenticModel } from '../checks/agentic-model-required.js'
import { dashboardService, dashboardServiceUses } from '../dashboards/dashboards.js'
import { maintenanceWindowService, maintenanceWindowServiceUses } from '../maintenance-windows.js'
import { narrowDeps, usesAll, type DepsOf } from '../resource-deps.js'
import { statusPageService, statusPageServiceUses } from '../status-pages/status-pages.js'
import { variableService, variableServiceUses } from '../variables.js'
import { privateLocationService, privateLocationServiceUses } from '../private-locations/private-locations.js'

type Body = ResourcePayload

/**
 * A payload as the body its resource's service takes (the type is the service's, inferred where it is passed).
 * Every payload was checked against its kind's create body schema (validate.ts) before the deploy began; since then
 * references became ids of the types the schema asks for and completeBody filled in fields left out, with their
 * defaults (or null, which an update reads as "clear").
 */
const checked = <T>(payload: Body): T => payload as T

interface KindOps {
  create(body: Body, checkType: string): Promise<ResourceId>
  update(id: string, body: Body, checkType: string): Promise<void>
  remove(id: string): Promise<void>
}

export interface ResourceOps {
  create(kind: ResourceKind, body: Body, checkType: string | undefined): Promise<ResourceId>
  update(kind: ResourceKind, id: ResourceId, body: Body, checkType: string | undefined): Promise<void>
  remove(kind: ResourceKind, id: ResourceId): Promise<void>
}

/** Subscriptions come from the payload only (the body always has alertChannelSubscriptions). */
const NO_AUTO_ASSIGN = { autoAssignAlerts: false }

const idOf = (view: object, field = 'id'): ResourceId => {
  const id: unknown = Reflect.get(view, field)
  if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`a created resource has no ${field}`)
  return id
}

/** The resource services a deploy writes through, and so what they use. */
export const resourceOpsUses = usesAll(
  checkServiceUses,
  checkGroupServiceUses,
  alertChannelServiceUses,
  maintenanceWindowServiceUses,
  statusPageServiceUses,
  dashboardServiceUses,
  variableServiceUses,
  privateLocationServiceUses,
)
export type ResourceOpsDeps = DepsOf<typeof resourceOpsUses>

export function resourceOps(r: ResourceOpsDeps, accountId: string, options: { hasAgenticModel: boolean }): ResourceOps {
  // A deploy creates checks under the same rules as the API: an agentic check needs the service's model.
  const checks = requiringAgenticModel(checkService(narrowDeps(r, checkServiceUses)), options.hasAgenticModel)
  const groups = checkGroupService(narrowDeps(r, checkGroupServiceUses))
  const channels = alertChannelService(narrowDeps(r, alertChannelServiceUses))
  const windows = maintenanceWindowService(narrowDeps(r, maintenanceWindowServiceUses))
  const pages = statusPageService(narrowDeps(r, statusPageServiceUses))
  const dashboards = dashboardService(narrowDeps(r, dashboardServiceUses))
  const variables = variableService(narrowDeps(r, variableServiceUses))
  // recentMs only shapes the location's view (its agent count), which a deploy reads no more of than the id.
  const locations = privateLocationService(narrowDeps(r, privateLocationServiceUses), { recentMs: 0 })
  const done = async () => undefined

  const byKind: Record<ResourceKind, KindOps> = {
    check: {
      create: async (body, type) => idOf(await checks.create(accountId, type, checked(body), NO_AUTO_ASSIGN)),
      update: (id, body, type) => checks.update(accountId, type, id, checked(body), NO_AUTO_ASSIGN).then(done),
      remove: (id) => checks.remove(accountId, id),
    },
    'check-group': {
      create: async (body) => idOf(await groups.create(accountId, checked(body), NO_AUTO_ASSIGN)),
      update: (id, body) => groups.update(accountId, id, checked(body), NO_AUTO_ASSIGN).then(done),
      remove: (id) => groups.remove(accountId, id),
    },
    'alert-channel': {
      create: async (body) => idOf(await channels.create(accountId, checked(body))),
      update: (id, body) => channels.update(accountId, id, checked(body)).then(done),
      remove: (id) => channels.remove(accountId, id),
    },
    'maintenance-window': {
      create: async (body) => idOf(await windows.create(accountId, checked(body))),
      update: (id, body) => windows.update(accountId, id, checked(body)).then(done),
      remove: (id) => windows.remove(accountId, id),
    },
    'status-page-service': {
      create: async (body) => idOf(await pages.createService(accountId, checked(body))),
      update: (id, body) => pages.updateService(accountId, id, checked(body)).then(done),
      // The project's checks that opened incidents on it are removed with it: those incidents do not hold it back.
      remove: (id) => pages.removeService(accountId, id, { withOpenIncidents: true }),
    },
    'status-page': {
      create: async (body) => idOf(await pages.createPage(accountId, checked(body))),
      update: (id, body) => pages.updatePage(accountId, id, checked(body)).then(done),
      remove: (id) => pages.removePage(accountId, id),
    },
    dashboard: {
      // Dashboards are addressed by their dashboardId in the API.
      create: async (body) => idOf(await dashboards.create(accountId, checked(body)), 'dashboardId'),
      update: (id, body) => dashboards.update(accountId, id, checked(body)).then(done),
      remove: (id) => dashboards.remove(accountId, id),
    },
    variable: {
      create: async (body) => idOf(await variables.create(accountId, checked(body)), 'key'),
      update: (id, body) => variables.update(accountId, id, checked(body)).then(done),
      remove: (id) => variables.remove(accountId, id),
    },
    'private-location': {
      create: async (body) => idOf(await locations.create(accountId, checked(body))),
      update: (id, body) => locations.update(accountId, id, checked(body)).then(done),
      remove: (id) => locations.remove(accountId, id),
    },
  }

  return {
    create: (kind, body, checkType) => byKind[kind].create(body, checkType ?? ''),
    update: (kind, id, body, checkType) => byKind[kind].update(String(id), body, checkType ?? ''),
    remove: (kind, id) => byKind[kind].remove(String(id)),
  }
}
