/** Pure: a new group's starting values and the body sent to create or update one. */
import type { Doc } from '../check-form/draft-path'

export const newGroupDraft = (): Doc => ({
  name: '',
  activated: true,
  muted: false,
  tags: [],
  concurrency: 3,
  locations: [],
  privateLocations: [],
  runParallel: false,
  apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null },
  environmentVariables: [],
  alertChannelSubscriptions: [],
  useGlobalAlertSettings: null,
  alertSettings: null,
  retryStrategy: 'FALLBACK',
})

const READ_ONLY = ['id', 'created_at', 'updated_at']

/** The whole draft (fields the form does not show stay as loaded) less the read-only ones. */
export function toGroupBody(draft: Doc): Doc {
  const body: Doc = {}
  for (const [k, v] of Object.entries(draft)) if (!READ_ONLY.includes(k) && v !== undefined) body[k] = v
  return body
}
