/**
 * Secret scans: the account's checks, groups, snippets, webhook channels and plain variables, inspected for
 * readable values that look like credentials (domain/secret-scans). Values of the account's secret variables
 * count as credentials wherever they appear in plain text. Findings carry a redacted preview, never the value.
 */
import { uses, type DepsOf } from '../resource-deps.js'
import { alertChannelFields, checkFields, groupFields, snippetFields, variableFields } from '../../domain/secret-scans/scan-fields.js'
import { scanEntities, type EntityType, type ScanEntity, type SecretFinding } from '../../domain/secret-scans/scan.js'
import type { ResourceOwner } from '../../store/projects.js'

export interface SecretScanService {
  scan(accountId: string): Promise<SecretFinding[]>
}

export const secretScanServiceUses = uses(['checks', 'checkGroups', 'snippets', 'alertChannels', 'variables', 'projects'])
export type SecretScanServiceDeps = DepsOf<typeof secretScanServiceUses>

const named = (doc: Readonly<Record<string, unknown>>): string | null => (typeof doc.name === 'string' ? doc.name : null)

export function secretScanService(deps: SecretScanServiceDeps): SecretScanService {
  const { stores } = deps
  return {
    async scan(accountId) {
      const [checks, groups, snippets, channels, variables] = await Promise.all([
        stores.checks.listAll(accountId),
        stores.checkGroups.list(accountId),
        stores.snippets.list(accountId),
        stores.alertChannels.list(accountId),
        stores.variables.list(accountId),
      ])
      const ownersOf = (kind: string, ids: string[]): Promise<Map<string, ResourceOwner>> =>
        ids.length === 0 ? Promise.resolve(new Map()) : stores.projects.ownersOf(accountId, kind, ids)
      const [checkOwners, groupOwners, channelOwners, variableOwners] = await Promise.all([
        ownersOf(
          'check',
          checks.map((c) => c.id),
        ),
        ownersOf(
          'check-group',
          groups.items.map((g) => String(g.id)),
        ),
        ownersOf(
          'alert-channel',
          channels.items.map((c) => String(c.id)),
        ),
        ownersOf(
          'variable',
          variables.items.map((v) => v.key),
        ),
      ])
      const entity = (
        entityType: EntityType,
        id: string,
        name: string | null,
        owners: Map<string, ResourceOwner> | null,
        fields: ScanEntity['fields'],
        checkType: string | null = null,
      ): ScanEntity => ({
        entityType,
        entityId: id,
        entityName: name,
        checkType,
        owner: owners?.get(id) ?? null,
        fields,
      })
      const entities: ScanEntity[] = [
        ...checks.map((c) => entity('CHECK', c.id, named(c.doc), checkOwners, checkFields(c.doc), c.checkType)),
        ...groups.items.map((g) => entity('CHECK_GROUP', String(g.id), named(g.doc), groupOwners, groupFields(g.doc))),
        ...snippets.items.map((s) => entity('SNIPPET', String(s.id), named(s.doc), null, snippetFields(s.doc))),
        ...channels.items.map((c) => entity('ALERT_CHANNEL', String(c.id), named(c.doc.config as Record<string, unknown>), channelOwners, alertChannelFields(c.doc))),
        ...variables.items.map((v) => entity('ENVIRONMENT_VARIABLE', v.key, v.key, variableOwners, variableFields(v))),
      ]
      const secretValues = variables.items.filter((v) => v.secret).map((v) => v.value)
      return scanEntities(entities, secretValues)
    },
  }
}
