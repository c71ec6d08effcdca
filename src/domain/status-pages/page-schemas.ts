/**
 * The contract of a status page: its request bodies (reference StatusPageV2PublicApiUpdate; create requires name and
 * url), its stored document and its response view.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { THEMES, THEME_COLOR_NAMES } from './enums.js'
import { ServiceRef, ServiceView } from './service-ref.js'
import { responseView } from '../view-schema.js'

/** A DNS label: letters, digits and hyphens, not starting or ending with a hyphen. Stored lowercased. */
export const SLUG_PATTERN = '^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$'
/** A host name with at least two labels, e.g. status.example.com. Stored lowercased. */
export const HOST_PATTERN = '^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$'
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'

const HexColor = Type.String({ pattern: HEX_COLOR_PATTERN, description: 'A hex colour such as #1a2b3c.' })
// Built from the names; typed as the object it is (Object.fromEntries alone would type it as any string key).
type PaletteProperties = Record<(typeof THEME_COLOR_NAMES)[number], typeof HexColor>
const Palette = Type.Object(Object.fromEntries(THEME_COLOR_NAMES.map((n) => [n, HexColor])) as PaletteProperties, {
  description: 'A full palette of named hex colours (reference StatusPageThemeColors).',
})
const ThemeColor = Type.Union([HexColor, Palette])

export const ThemeColors = Nullable(
  Type.Object({ light: ThemeColor, dark: ThemeColor }, { description: 'Colours of the light and dark themes: each a brand hex colour or a full palette.' }),
)
export type ThemeColors = Static<typeof ThemeColors>

/** http(s) URL or null; "" is read as null. */
export const LINK_PATTERN = '^$|^[hH][tT][tT][pP][sS]?://[^\\s/]+\\S*$'
const Link = (description: string) =>
  Nullable(
    Type.String({ maxLength: 2048, pattern: LINK_PATTERN, errorMessage: 'must be an http(s) URL such as https://example.com', description: `${description} An http(s) URL.` }),
  )

export const CardInput = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100, description: 'Send back a card id to keep it; unknown ids get a new card.' })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  services: Type.Optional(Type.Array(ServiceRef, { maxItems: 100, description: "The account's services shown in this card." })),
})
export type CardInput = Static<typeof CardInput>

export const PageCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  url: Type.String({
    pattern: SLUG_PATTERN,
    maxLength: 63,
    errorMessage: 'Use letters, digits and dashes, starting and ending with a letter or digit',
    description: 'Subdomain slug of the page, unique across all accounts.',
  }),
  customDomain: Type.Optional(
    Nullable(Type.String({ pattern: HOST_PATTERN, maxLength: 253, errorMessage: 'must be a host name such as status.example.com', description: 'A custom host name, unique.' })),
  ),
  logo: Type.Optional(Link('Logo image URL.')),
  logoDark: Type.Optional(Link('Logo image URL for the dark theme.')),
  favicon: Type.Optional(Link('Favicon URL.')),
  redirectTo: Type.Optional(Link('Where a click on the logo goes.')),
  defaultTheme: Type.Optional(StringEnum(THEMES, { description: 'Default AUTO.' })),
  themeColors: Type.Optional(ThemeColors),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  cards: Type.Optional(Type.Array(CardInput, { maxItems: 50 })),
  isPrivate: Type.Optional(Type.Boolean({ description: 'Default false.' })),
})
export type PageCreateBody = Static<typeof PageCreateBody>

/** PUT: fields left out keep their value. */
export const PageUpdateBody = Type.Partial(PageCreateBody)
export type PageUpdateBody = Static<typeof PageUpdateBody>

const nullableText = Nullable(Type.String())

/** A card as stored: its services by id (in order, without repeats), its times in epoch ms. */
export const CardDoc = Type.Object({
  id: Type.String(),
  name: Type.String(),
  serviceIds: Type.Array(Type.String()),
  createdAt: Type.Number(),
  updatedAt: Nullable(Type.Number()),
})
export type CardDoc = Static<typeof CardDoc>

/** A status page as stored: every setting present (defaults applied, empty links as null), url and domain lowercased. */
export const PageDoc = Type.Object({
  name: Type.String(),
  url: Type.String(),
  customDomain: nullableText,
  logo: nullableText,
  logoDark: nullableText,
  favicon: nullableText,
  redirectTo: nullableText,
  defaultTheme: StringEnum(THEMES),
  themeColors: ThemeColors,
  description: nullableText,
  cards: Type.Array(CardDoc),
  isPrivate: Type.Boolean(),
})
export type PageDoc = Static<typeof PageDoc>

const open = { additionalProperties: true }
const date = Type.String({ format: 'date-time' })

export const CardView = Type.Object({ id: Type.String(), name: Type.String(), services: Type.Array(ServiceView), created_at: date, updated_at: Nullable(date) }, open)

/**
 * A status page as the API shows it: its settings (empty links read as null) and its cards with their services. The
 * settings are optional because a page stored before a setting existed lacks it, and the serializer fails a
 * response that lacks a required field.
 */
export const PageView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    name: Type.String(),
    url: Type.String(),
    customDomain: Type.Optional(Nullable(Type.String())),
    logo: Type.Optional(Nullable(Type.String())),
    logoDark: Type.Optional(Nullable(Type.String())),
    favicon: Type.Optional(Nullable(Type.String())),
    redirectTo: Type.Optional(Nullable(Type.String())),
    defaultTheme: Type.Optional(StringEnum(THEMES)),
    themeColors: Type.Optional(responseView(ThemeColors)),
    description: Type.Optional(Nullable(Type.String())),
    isPrivate: Type.Optional(Type.Boolean()),
    cards: Type.Array(CardView),
    created_at: date,
    updated_at: Nullable(date),
  },
  open,
)
export type PageView = Static<typeof PageView>
