/**
 * A private location, by reference only: it is created in the service (or with `picket` operator commands), never
 * deployed by a project. Checks, groups and the config name it in `privateLocations`, where it serialises to its slug.
 */
export class PrivateLocation {
  private constructor(readonly slug: string) {}

  /** `PrivateLocation.fromSlug('office')`: the private location whose slug is 'office'. */
  static fromSlug(slug: string): PrivateLocation {
    if (typeof slug !== 'string' || slug.length === 0 || slug.length > 255) {
      throw new Error(`PrivateLocation.fromSlug: ${JSON.stringify(slug)} is not a slug (1 to 255 characters)`)
    }
    return new PrivateLocation(slug)
  }

  toJSON(): string {
    return this.slug
  }

  toString(): string {
    return this.slug
  }
}

/** Slugs of a privateLocations list (null stays null: the API reads it as "leave as is", i.e. none on create). */
export function privateLocationSlugs(list: ReadonlyArray<PrivateLocation | string> | null | undefined): string[] | null | undefined {
  if (list === null || list === undefined) return list
  return list.map((l) => (typeof l === 'string' ? l : l.slug))
}
