/**
 * Rules that need the store: every id a check or group names must belong to the same account. Each problem is a
 * 400 naming the field, so nothing is written that points at another account's (or no) resource.
 */
import type { Doc } from '../../domain/checks/check-type.js'
import { FieldErrorCollector } from '../../domain/errors.js'
import type { Stores } from '../stores.js'

export async function validateReferences(
  stores: Pick<Stores, 'checkGroups' | 'snippets' | 'privateLocations' | 'alertChannels' | 'statusPageServices'>,
  accountId: string,
  doc: Doc,
): Promise<void> {
  const errors = new FieldErrorCollector()
  if (typeof doc.groupId === 'number' && !(await stores.checkGroups.get(accountId, doc.groupId))) {
    errors.add('groupId', `check group ${doc.groupId} does not exist`)
  }
  for (const field of ['setupSnippetId', 'tearDownSnippetId'] as const) {
    const id = doc[field]
    if (typeof id === 'number' && !(await stores.snippets.get(accountId, id))) errors.add(field, `snippet ${id} does not exist`)
  }
  if (Array.isArray(doc.privateLocations) && doc.privateLocations.length > 0) {
    const { items } = await stores.privateLocations.list(accountId)
    const known = new Set(items.flatMap((l) => [l.id, String(l.doc.slugName)]))
    doc.privateLocations.forEach((name: unknown, i) => {
      if (!known.has(String(name))) errors.add(`privateLocations[${i}]`, `private location ${String(name)} does not exist`)
    })
  }
  if (Array.isArray(doc.alertChannelSubscriptions) && doc.alertChannelSubscriptions.length > 0) {
    const { items } = await stores.alertChannels.list(accountId)
    const known = new Set(items.map((c) => c.id))
    doc.alertChannelSubscriptions.forEach((s: Doc, i) => {
      if (!known.has(Number(s.alertChannelId))) errors.add(`alertChannelSubscriptions[${i}].alertChannelId`, `alert channel ${String(s.alertChannelId)} does not exist`)
    })
  }
  const incident = doc.triggerIncident as Doc | null | undefined
  if (incident && typeof incident.serviceId === 'string' && !(await stores.statusPageServices.get(accountId, incident.serviceId))) {
    errors.add('triggerIncident.serviceId', `status page service ${incident.serviceId} does not exist`)
  }
  errors.throwIfAny()
}
