/**
 * Checks as the API shows them (GET /v1/checks and a group's checks): each with its alert channel subscriptions
 * and, when a project deployed it, that project and its logical id: one read of both for the whole list.
 */
import type { CheckView } from '../../domain/checks/check-view-schema.js'
import type { CheckRecord } from '../../store/checks.js'
import { presentCheck } from './check-view.js'
import type { Stores } from '../stores.js'
import { linkViews } from '../alert-channels/channel-subscriptions.js'

export async function loadCheckViews(
  stores: Pick<Stores, 'alertSubscriptions' | 'alertChannels' | 'checkLinks'>,
  publicBaseUrl: string,
  accountId: string,
  records: CheckRecord[],
  options: { justCreated?: boolean } = {},
): Promise<CheckView[]> {
  if (records.length === 0) return []
  const ids = records.map((r) => r.id)
  // A check created by this very request has no project yet (a deploy links its checks after creating them).
  const { subscriptions: subs, owners } = options.justCreated
    ? { subscriptions: await stores.alertSubscriptions.listForChecks(accountId, ids), owners: new Map<string, never>() }
    : await stores.checkLinks.forChecks(accountId, ids)
  const links = await linkViews(
    stores,
    accountId,
    records.map((r) => subs.filter((s) => s.checkId === r.id)),
  )
  return records.map((r, i) => presentCheck(r, { publicBaseUrl, owner: owners.get(r.id), ...links[i] }))
}
