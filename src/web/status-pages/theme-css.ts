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

/** The declarations of one theme: `--brand` for a single colour, the mapped variables for a palette. */
export function themeDeclarations(theme: unknown): string[] {
  const single = hex(theme)
  if (single !== null) return [`--brand: ${single};`]
  if (theme === null || typeof theme !== 'object') return []
  const out: string[] = []
  const colours = new Map<string, unknown>(Object.entries(theme))
  for (const [name, variable] of Object.entries(PALETTE_VARIABLES)) {
    const value = hex(colours.get(name))
    if (value !== null) out.push(`${variable}: ${value};`)
  }
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
