/**
 * Status pages (/v1/status-pages), the services their cards show, and the incidents posted on them. The three lists
 * are cursor lists (limit and nextId), not pages.
 */
import { api } from '../client'
import type {
  IncidentChange,
  IncidentCreate,
  IncidentUpdateCreate,
  IncidentUpdateView,
  IncidentView,
  PageView,
  ServiceBody,
  ServiceView,
  StatusPageCreate,
  StatusPageUpdate,
} from '../contracts'
import { readCursorPage, type CursorPage, type CursorQuery } from '../cursor-read'
import { seg, type Read } from '../read'
import { resource, type Resource } from '../resource'

export type CursorResource<TView, TCreate, TUpdate = TCreate> = Omit<Resource<TView, TCreate, TUpdate>, 'list'> & {
  list(query?: CursorQuery): Read<CursorPage<TView>>
}

function cursorResource<TView, TCreate, TUpdate = TCreate>(root: string): CursorResource<TView, TCreate, TUpdate> {
  return { ...resource<TView, TCreate, TUpdate>(root), list: (query = {}) => readCursorPage<TView>(root, query) }
}

const incidents = cursorResource<IncidentView, IncidentCreate, IncidentChange>('/v1/status-pages/incidents')

export const statusPagesApi = cursorResource<PageView, StatusPageCreate, StatusPageUpdate>('/v1/status-pages')

export const servicesApi = cursorResource<ServiceView, ServiceBody>('/v1/status-pages/services')

export const incidentsApi = {
  ...incidents,
  postUpdate: (incidentId: string, body: IncidentUpdateCreate) => api.post<IncidentUpdateView>(`${incidents.root}/${seg(incidentId)}/incident-updates`, body),
}
