/** Status pages (/v1/status-pages), the services their cards show, and the incidents posted on them. */
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
import { resource } from '../resource'
import { seg } from '../read'

const incidents = resource<IncidentView, IncidentCreate, IncidentChange>('/v1/status-pages/incidents')

export const statusPagesApi = resource<PageView, StatusPageCreate, StatusPageUpdate>('/v1/status-pages')

export const servicesApi = resource<ServiceView, ServiceBody>('/v1/status-pages/services')

export const incidentsApi = {
  ...incidents,
  postUpdate: (incidentId: string, body: IncidentUpdateCreate) => api.post<IncidentUpdateView>(`${incidents.root}/${seg(incidentId)}/incident-updates`, body),
}
