/**
 * Check groups (/v1/check-groups). They are made and changed through /v2/check-groups, the version whose body
 * takes the group's settings as the form edits them; read and deleted through /v1.
 */
import { api, qs } from '../client'
import type { CheckBody, GroupWithFields as CheckGroupView, CheckWithFields as CheckView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

const ROOT = '/v1/check-groups'

export const groupsApi = {
  root: ROOT,
  list: (query: PageQuery = {}) => readPage<CheckGroupView>(`${ROOT}${qs({ ...query })}`),
  get: (id: string | number) => read<CheckGroupView>(`${ROOT}/${seg(id)}`),
  checks: (id: string | number, query: PageQuery = {}) => readPage<CheckView>(`${ROOT}/${seg(id)}/checks${qs({ ...query })}`),
  create: (body: CheckBody) => api.post<CheckGroupView>('/v2/check-groups', body),
  update: (id: string | number, body: CheckBody) => api.put<CheckGroupView>(`/v2/check-groups/${seg(id)}`, body),
  remove: (id: string | number) => api.del(`${ROOT}/${seg(id)}`),
}
