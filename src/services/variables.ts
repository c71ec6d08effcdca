/** Account environment variables (spec 2.8) */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the variables work
export interface VariableService {}

export function variableService(_deps: ResourceDeps): VariableService {
  return {}
}
