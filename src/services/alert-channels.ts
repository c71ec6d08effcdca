/** Alert channels and their subscriptions */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the alert-channels work
export interface AlertChannelService {}

export function alertChannelService(_deps: ResourceDeps): AlertChannelService {
  return {}
}
