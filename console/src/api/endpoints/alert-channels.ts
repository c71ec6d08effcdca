/** Alert channels (/v1/alert-channels): where alerts go, which checks and groups each serves, and a test message. */
import { api } from '../client'
import type { AlertChannelCreate, AlertChannelUpdate, AlertChannelView, ChannelTestResultView, SubscriptionBody, SubscriptionView } from '../contracts'
import { resource } from '../resource'
import { seg } from '../read'

/** What a test notification did. */
export type ChannelTestResult = ChannelTestResultView

const channels = resource<AlertChannelView, AlertChannelCreate, AlertChannelUpdate>('/v1/alert-channels')

export const alertChannelsApi = {
  ...channels,
  test: (id: number) => api.post<ChannelTestResult>(`${channels.root}/${seg(id)}/test`),
  /** Subscribes a check or a group to the channel, or changes whether the subscription is active. */
  subscribe: (id: number, body: SubscriptionBody) => api.put<SubscriptionView>(`${channels.root}/${seg(id)}/subscriptions`, body),
}
