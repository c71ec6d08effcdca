/**
 * A status page's `themeColors` as a stylesheet of CSS variables (pure). Each theme (light, dark) is a brand colour
 * or a full palette of named colours; only values that are hex colours are written, so nothing else from the
 * document can reach the stylesheet. Each theme's rule applies to its own theme class and to the automatic theme
 * in that colour scheme, so a light palette never leaks into dark mode (nor the reverse).
 */
import { HEX_COLOR_PATTERN } from '../../domain/status-pages/page-schemas.js'

const HEX = new RegExp(HEX_COLOR_PATTERN)

/** Palette colour names → the variables of site.css. */
export const PALETTE_VARIABLES: Readonly<Record<string, string>> = {
  bodyBackgroundColor: '--bg',
  cardBackgroundColor: '--card',
  bodyFontColor: '--text',
  bodyFontColorMuted: '--muted',
  borderColor: '--border',
  linkFontColor: '--link',
  primaryButtonBackgroundColor: '--brand',
  primaryButtonFontColor: '--button-text',
  headerBackgroundColor: '--header-bg',
  headerFontColor: '--header-text',
  titleFontColor: '--title',
  navigationFontColor: '--nav',
}

const hex = (value: unknown): string | null => (typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : null)

/** Relative luminance of a hex colour (WCAG 2), from #rgb or #rrggbb (an alpha part is left out). */
export function luminance(colour: string): number {
  const digits = colour.slice(1)
  const full = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6)
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

/** White or black, whichever reads better on the background (the better of the two is always at least 4.58:1). */
export const readableOn = (background: string): string => (contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000')

/**
 * The declarations of one theme: `--brand` for a single colour, the mapped variables for a palette. The text of the
 * buttons drawn in the brand colour is chosen to be readable on it unless the palette names it.
 */
export function themeDeclarations(theme: unknown): string[] {
  const single = hex(theme)
  if (single !== null) return [`--brand: ${single};`, `--button-text: ${readableOn(single)};`]
  if (theme === null || typeof theme !== 'object') return []
  const out: string[] = []
  const colours = new Map<string, unknown>(Object.entries(theme))
  for (const [name, variable] of Object.entries(PALETTE_VARIABLES)) {
    const value = hex(colours.get(name))
    if (value !== null) out.push(`${variable}: ${value};`)
  }
  const brand = hex(colours.get('primaryButtonBackgroundColor'))
  if (brand !== null && hex(colours.get('primaryButtonFontColor')) === null) out.push(`--button-text: ${readableOn(brand)};`)
  return out
}

/** Whether a theme is a palette (the page then gets the `palette` body class, for its header). */
export const isPalette = (theme: unknown): boolean => hex(theme) === null && themeDeclarations(theme).length > 0

/** Reads a page's themeColors as untrusted (any value may stand for a colour): only hex colours get through. */
export function themeCss(themeColors: { light?: unknown; dark?: unknown } | null): string {
  if (!themeColors) return ''
  const light = themeDeclarations(themeColors.light)
  const dark = themeDeclarations(themeColors.dark)
  const block = (selector: string, lines: string[], indent = '') => `${indent}${selector} {\n${lines.map((l) => `${indent}  ${l}`).join('\n')}\n${indent}}`
  const parts = ['/* Theme colours of this status page. */']
  const rules = (theme: 'light' | 'dark', lines: string[]) => {
    if (lines.length === 0) return
    parts.push(block(`body.status-page.${theme}`, lines))
    parts.push(`@media (prefers-color-scheme: ${theme}) {\n${block('body.status-page.auto', lines, '  ')}\n}`)
  }
  rules('light', light)
  rules('dark', dark)
  return `${parts.join('\n')}\n`
}
