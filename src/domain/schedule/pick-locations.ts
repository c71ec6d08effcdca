/** Where a run executes (pure): round-robin over the selected locations, or all of them when runParallel. */

export interface RunTarget {
  location: string
  /** Set when the location is a private location (served by an agent). */
  privateLocationId: string | null
}

export interface LocationChoice {
  targets: RunTarget[]
  /** The round-robin position to store for the next run. */
  nextIndex: number
}

/**
 * `locations` are data-center codes; `privateLocations` are private location ids with their slug names.
 * With neither, the check runs in the configured default location.
 */
export function pickLocations(
  input: { locations: string[]; privateLocations: Array<{ id: string; slugName: string }>; runParallel: boolean },
  rrIndex: number,
  defaultLocation: string,
): LocationChoice {
  const all: RunTarget[] = [
    ...input.locations.map((location) => ({ location, privateLocationId: null })),
    ...input.privateLocations.map((p) => ({ location: p.slugName, privateLocationId: p.id })),
  ]
  if (all.length === 0) return { targets: [{ location: defaultLocation, privateLocationId: null }], nextIndex: rrIndex }
  if (input.runParallel) return { targets: all, nextIndex: rrIndex }
  const index = ((rrIndex % all.length) + all.length) % all.length
  return { targets: [all[index] as RunTarget], nextIndex: (index + 1) % all.length }
}

/**
 * What pickLocations needs from a (group-applied) check document: its data-center locations, and its private
 * locations (named by id or slug) resolved against the account's, in the check's order; unknown names are skipped.
 */
export function locationInput(
  doc: Record<string, unknown>,
  known: Array<{ id: string; slugName: string }>,
): { locations: string[]; privateLocations: Array<{ id: string; slugName: string }>; runParallel: boolean } {
  const names = (doc.privateLocations as string[] | undefined) ?? []
  const privateLocations = names.flatMap((n) => known.filter((k) => k.id === n || k.slugName === n).slice(0, 1))
  return { locations: (doc.locations as string[] | undefined) ?? [], privateLocations, runParallel: doc.runParallel === true }
}
