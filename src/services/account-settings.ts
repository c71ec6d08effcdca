/** Account-level alert settings */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the account-settings work
export interface AccountSettingsService {}

export function accountSettingsService(_deps: ResourceDeps): AccountSettingsService {
  return {}
}
