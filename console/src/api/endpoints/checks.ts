/** Checks (/v1/checks): listed with filters, read, and made or changed through the route of their type. */
import { api, qs } from '../client'
import type { CheckBody, CheckWithFields as CheckView } from '../contracts'
import { read, readPage, seg, type PageQuery } from '../read'

const ROOT = '/v1/checks'

/** The filters of GET /v1/checks. */
export type ChecksQuery = PageQuery & { tag?: string[]; checkType?: string; status?: string; search?: string }

export const checksApi = {
  root: ROOT,
  list: (query: ChecksQuery = {}) => readPage<CheckView>(`${ROOT}${qs({ ...query })}`),
  get: (id: string) => read<CheckView>(`${ROOT}/${seg(id)}`),
  /** `segment` is the type's route (`api`, `browser`, …): each type is made and changed through its own. */
  create: (segment: string, body: CheckBody) => api.post<CheckView>(`${ROOT}/${segment}`, body),
  update: (segment: string, id: string, body: CheckBody) => api.put<CheckView>(`${ROOT}/${segment}/${seg(id)}`, body),
  remove: (id: string) => api.del(`${ROOT}/${seg(id)}`),
}
