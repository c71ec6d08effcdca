/** Error groups (/v1/error-groups): a check's failing runs grouped by their cleaned error message. */
import { api, qs } from '../client'
import type { ErrorGroupView } from '../contracts'
import { readPage, seg, type PageQuery } from '../read'

/** An error group. */
export type ErrorGroup = ErrorGroupView

export type ErrorGroupPatch = { archivedUntilNextEvent: boolean; archiveForEver?: boolean }

const forCheckRoot = (checkId: string) => `/v1/error-groups/checks/${seg(checkId)}`

export const errorGroupsApi = {
  forCheckRoot,
  forCheck: (checkId: string, query: PageQuery & { includeArchived?: boolean } = {}) => readPage<ErrorGroup>(`${forCheckRoot(checkId)}${qs({ ...query })}`),
  update: (id: string, body: ErrorGroupPatch) => api.patch<ErrorGroup>(`/v1/error-groups/${seg(id)}`, body),
}
