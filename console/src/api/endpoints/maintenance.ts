/** Maintenance windows (/v1/maintenance-windows): when checks with given tags neither alert nor count. */
import type { MaintenanceWindowCreate, MaintenanceWindowUpdate, MaintenanceWindowView } from '../contracts'
import { resource } from '../resource'

export const maintenanceApi = resource<MaintenanceWindowView, MaintenanceWindowCreate, MaintenanceWindowUpdate>('/v1/maintenance-windows')
