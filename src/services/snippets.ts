/** Setup/teardown snippets */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the snippets work
export interface SnippetService {}

export function snippetService(_deps: ResourceDeps): SnippetService {
  return {}
}
