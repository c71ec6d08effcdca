/** Dashboards (/v1/dashboards, by dashboardId): the public or private boards of checks. */
import type { DashboardCreate, DashboardUpdate, DashboardView } from '../contracts'
import { resource } from '../resource'

export const dashboardsApi = resource<DashboardView, DashboardCreate, DashboardUpdate>('/v1/dashboards')
