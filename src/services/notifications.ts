/** Alert notification log: what was sent to which channel, with its outcome */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the notifications work
export interface NotificationService {}

export function notificationService(_deps: ResourceDeps): NotificationService {
  return {}
}
