/** Reference data: the runtimes scripts run on and the public data-center locations. */
import type { PublicLocation, Runtime } from '../contracts'
import { read } from '../read'

export const referenceApi = {
  runtimes: () => read<Runtime[]>('/v1/runtimes'),
  locations: () => read<PublicLocation[]>('/v1/locations'),
}
