/** Status page documents: defaults, lowercasing and card bookkeeping (pure). */
import type { CardDoc, CardInput, PageDoc, PageUpdateBody } from './page-schemas.js'
import { serviceRefFields, uniqueServiceIds } from './service-ref.js'

export type { CardDoc, PageDoc } from './page-schemas.js'

/** The settings a body sets by name over the stored page (cards are built apart: the body names services, not ids). */
type Setting = Exclude<keyof PageUpdateBody & keyof PageDoc, 'cards'>

const orNull = <T>(v: T | undefined | null | ''): T | null => (v === undefined || v === null || v === '' ? null : v)

/** Builds the stored cards: a card sent with a known id keeps that id and its creation time. */
export function buildCards(input: readonly CardInput[], previous: readonly CardDoc[], at: number, makeId: () => string): CardDoc[] {
  const known = new Map(previous.map((c) => [c.id, c]))
  const used = new Set<string>()
  return input.map((card) => {
    const old = typeof card.id === 'string' && !used.has(card.id) ? known.get(card.id) : undefined
    if (old) used.add(old.id)
    return {
      id: old?.id ?? makeId(),
      name: String(card.name),
      serviceIds: uniqueServiceIds(Array.isArray(card.services) ? card.services : []),
      createdAt: old?.createdAt ?? at,
      updatedAt: old ? at : null,
    }
  })
}

/**
 * The complete page document from a request body (create) or a body merged over the stored page (update):
 * fields left out keep their value, or take their default on create. It also runs on a body that failed its schema
 * (so that one 400 names every problem), where its result is thrown away: names are read as text, not trusted.
 */
export function buildPageDoc(body: PageUpdateBody, previous: PageDoc | undefined, at: number, makeId: () => string): PageDoc {
  const merged = <K extends Setting>(field: K): PageUpdateBody[K] | PageDoc[K] | undefined => (body[field] !== undefined ? body[field] : previous?.[field])
  const cards = body.cards === undefined ? (previous?.cards ?? []) : buildCards(body.cards, previous?.cards ?? [], at, makeId)
  return {
    name: String(merged('name')),
    url: String(merged('url')).toLowerCase(),
    customDomain: orNull(merged('customDomain'))?.toLowerCase() ?? null,
    logo: orNull(merged('logo')),
    logoDark: orNull(merged('logoDark')),
    favicon: orNull(merged('favicon')),
    redirectTo: orNull(merged('redirectTo')),
    defaultTheme: merged('defaultTheme') ?? 'AUTO',
    themeColors: orNull(merged('themeColors')),
    description: orNull(merged('description')),
    cards,
    isPrivate: merged('isPrivate') === true,
  }
}

/**
 * Every service a request's cards name, with the field that named it (for 400s naming `cards[0].services[0]`).
 * Cards and references of the wrong shape are skipped: they are the schema's to report.
 */
export const cardServiceFields = (cards: unknown): Array<{ field: string; serviceId: string }> =>
  (Array.isArray(cards) ? cards : []).flatMap((card: unknown, i) =>
    card !== null && typeof card === 'object' && 'services' in card ? serviceRefFields(card.services, `cards[${i}].services`) : [],
  )
