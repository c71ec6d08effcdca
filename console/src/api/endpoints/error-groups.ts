/** Error groups (/v1/error-groups): a check's failing runs grouped by their cleaned error message. */
import { api, qs } from '../client'
import { readPage, seg, type PageQuery } from '../read'

/** An error group. The server declares this schema inside its route module (Fastify and services), so the console keeps the fields it reads. */
export interface ErrorGroup {
  id: string
  checkId: string
  rawErrorMessage: string | null
  cleanedErrorMessage: string
  firstSeen: string
  lastSeen: string
  archivedUntilNextEvent: boolean
  archivedForever: boolean
  occurrences: number
}

export type ErrorGroupPatch = { archivedUntilNextEvent: boolean; archiveForEver?: boolean }

const forCheckRoot = (checkId: string) => `/v1/error-groups/checks/${seg(checkId)}`

export const errorGroupsApi = {
  forCheckRoot,
  forCheck: (checkId: string, query: PageQuery & { includeArchived?: boolean } = {}) => readPage<ErrorGroup>(`${forCheckRoot(checkId)}${qs({ ...query })}`),
  update: (id: string, body: ErrorGroupPatch) => api.patch<ErrorGroup>(`/v1/error-groups/${seg(id)}`, body),
}
