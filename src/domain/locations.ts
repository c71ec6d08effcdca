/** The data-center locations of the public API with their display names (GET /v1/locations). */
import { Type, type Static } from 'typebox'
import { LOCATIONS, type Location } from './checks/enums.js'

export const PublicLocationSchema = Type.Object({
  region: Type.String({ description: "The location id, as used in a check's locations.", examples: ['us-east-1'] }),
  name: Type.String({ description: 'Display name of the location.', examples: ['N. Virginia'] }),
  served: Type.Optional(
    Type.Boolean({
      description:
        "Whether this installation has runners of its own there: its default location (DEFAULT_LOCATION) and the regions its operator lists runner addresses for (STATIC_IPS). A check may still name another location; its runs are then made by this installation's runners under that name.",
    }),
  ),
})
export type PublicLocation = Static<typeof PublicLocationSchema>

export const LOCATION_NAMES: Readonly<Record<Location, string>> = {
  'us-east-1': 'N. Virginia',
  'us-east-2': 'Ohio',
  'us-west-1': 'N. California',
  'us-west-2': 'Oregon',
  'ca-central-1': 'Canada Central',
  'sa-east-1': 'São Paulo',
  'eu-west-1': 'Ireland',
  'eu-central-1': 'Frankfurt',
  'eu-west-2': 'London',
  'eu-west-3': 'Paris',
  'eu-north-1': 'Stockholm',
  'eu-south-1': 'Milan',
  'me-south-1': 'Bahrain',
  'ap-southeast-1': 'Singapore',
  'ap-northeast-1': 'Tokyo',
  'ap-east-1': 'Hong Kong',
  'ap-southeast-2': 'Sydney',
  'ap-southeast-3': 'Jakarta',
  'ap-northeast-2': 'Seoul',
  'ap-northeast-3': 'Osaka',
  'ap-south-1': 'Mumbai',
  'af-south-1': 'Cape Town',
}

/**
 * The locations an installation really serves: where checks without locations run, and every region the operator
 * published runner source addresses for (an operator who runs runners there says so by listing their addresses).
 */
export function servedLocations(defaultLocation: string, regionsWithRunners: Iterable<string>): Set<string> {
  return new Set([defaultLocation, ...regionsWithRunners])
}

/** In the order of LOCATIONS. */
export const PUBLIC_LOCATIONS: readonly PublicLocation[] = LOCATIONS.map((region) => ({ region, name: LOCATION_NAMES[region] }))
