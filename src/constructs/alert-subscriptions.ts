/** alertChannelSubscriptions of a check or group from the channels it names: each a reference, activated. */
import type { AlertChannel } from './alert-channel.js'
import type { SubscriptionPayload } from './schema-types.js'

export function subscriptionsOf(channels: readonly AlertChannel[] | null | undefined): SubscriptionPayload[] | null | undefined {
  if (channels === null || channels === undefined) return channels
  return channels.map((channel) => ({ alertChannelId: channel.ref(), activated: true }))
}
