/** Status page documents: defaults, lowercasing and card bookkeeping (pure). */
import type { Theme } from './enums.js'
import { serviceRefFields, uniqueServiceIds } from './service-ref.js'

export type Doc = Record<string, unknown>

export interface CardDoc {
  id: string
  name: string
  serviceIds: string[]
  createdAt: number
  updatedAt: number | null
}

export interface PageDoc {
  name: string
  url: string
  customDomain: string | null
  logo: string | null
  logoDark: string | null
  favicon: string | null
  redirectTo: string | null
  defaultTheme: Theme
  themeColors: Doc | null
  description: string | null
  cards: CardDoc[]
  isPrivate: boolean
}

const PAGE_FIELDS = ['name', 'url', 'customDomain', 'logo', 'logoDark', 'favicon', 'redirectTo', 'defaultTheme', 'themeColors', 'description', 'cards', 'isPrivate'] as const

const orNull = <T>(v: T | undefined | null | ''): T | null => (v === undefined || v === null || v === '' ? null : v)

/** Builds the stored cards: a card sent with a known id keeps that id and its creation time. */
export function buildCards(input: readonly Doc[], previous: readonly CardDoc[], at: number, makeId: () => string): CardDoc[] {
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
 * fields left out keep their value, or take their default on create.
 */
export function buildPageDoc(body: Doc, previous: PageDoc | undefined, at: number, makeId: () => string): PageDoc {
  const merged: Doc = { ...(previous ?? {}) }
  for (const field of PAGE_FIELDS) if (body[field] !== undefined) merged[field] = body[field]
  const cards = body.cards === undefined ? (previous?.cards ?? []) : buildCards(body.cards as Doc[], previous?.cards ?? [], at, makeId)
  return {
    name: String(merged.name),
    url: String(merged.url).toLowerCase(),
    customDomain: orNull(merged.customDomain as string | null | undefined)?.toLowerCase() ?? null,
    logo: orNull(merged.logo as string | undefined),
    logoDark: orNull(merged.logoDark as string | undefined),
    favicon: orNull(merged.favicon as string | undefined),
    redirectTo: orNull(merged.redirectTo as string | undefined),
    defaultTheme: (merged.defaultTheme as Theme | undefined) ?? 'AUTO',
    themeColors: orNull(merged.themeColors as Doc | undefined),
    description: orNull(merged.description as string | undefined),
    cards,
    isPrivate: merged.isPrivate === true,
  }
}

/**
 * Every service a request's cards name, with the field that named it (for 400s naming `cards[0].services[0]`).
 * Cards and references of the wrong shape are skipped: they are the schema's to report.
 */
export const cardServiceFields = (cards: unknown): Array<{ field: string; serviceId: string }> =>
  (Array.isArray(cards) ? cards : []).flatMap((card: unknown, i) =>
    card !== null && typeof card === 'object' ? serviceRefFields((card as Doc).services, `cards[${i}].services`) : [],
  )
