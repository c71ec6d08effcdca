/** Private locations (/v1/private-locations): where the account's agents run checks, and the keys the agents use. */
import { api } from '../client'
import type { PrivateLocationCreate, PrivateLocationKeyView, PrivateLocationUpdate, PrivateLocationView } from '../contracts'
import { resource } from '../resource'
import { seg } from '../read'

const locations = resource<PrivateLocationView, PrivateLocationCreate, PrivateLocationUpdate>('/v1/private-locations')

export const privateLocationsApi = {
  ...locations,
  addKey: (id: string) => api.post<PrivateLocationKeyView>(`${locations.root}/${seg(id)}/keys`),
  removeKey: (id: string, keyId: string) => api.del(`${locations.root}/${seg(id)}/keys/${seg(keyId)}`),
}
