/** Check sessions (/v1/check-sessions): on-demand runs of checks, followed until they finish. */
import { api, qs } from '../client'
import type { CheckSessionView, CheckSessionsTriggered } from '../contracts'
import { read, seg } from '../read'

export const checkSessionsApi = {
  trigger: (checkIds: string[]) => api.post<CheckSessionsTriggered>('/v1/check-sessions/trigger', { target: { checkId: checkIds } }),
  get: (id: string) => read<CheckSessionView>(`/v1/check-sessions/${seg(id)}`),
  /** Answers once the session finished, or 408 after `maxWaitSeconds` while it still runs. */
  completion: (id: string, maxWaitSeconds: number) => api.get<CheckSessionView>(`/v1/check-sessions/${seg(id)}/completion${qs({ maxWaitSeconds })}`),
}
