/**
 * Status badges as SVG (the images READMEs embed): a label box and a value box, coloured by status, in one of the
 * shields.io styles people know. Pure: no fonts are measured, widths are estimated per character (Verdana 11px,
 * bold for for-the-badge), and every piece of user text is XML-escaped.
 */

export const BADGE_STYLES = ['flat', 'plastic', 'flat-square', 'for-the-badge', 'social'] as const
export const BADGE_THEMES = ['light', 'dark', 'default'] as const
export const BADGE_STATUSES = ['passing', 'degraded', 'failing', 'pending'] as const

export type BadgeStyle = (typeof BADGE_STYLES)[number]
export type BadgeTheme = (typeof BADGE_THEMES)[number]
export type BadgeStatus = (typeof BADGE_STATUSES)[number]

export interface BadgeInput {
  label: string
  /** The text of the value box: the status itself, or a response time such as "142 ms". */
  value: string
  status: BadgeStatus
  style?: BadgeStyle
  theme?: BadgeTheme
}

interface Palette {
  label: string
  labelText: string
  valueText: string
  status: Record<BadgeStatus, string>
  /** Light text gets a dark shadow, as on shields.io; dark text needs none. */
  shadow: boolean
}

export const PALETTES: Record<BadgeTheme, Palette> = {
  default: { label: '#555', labelText: '#fff', valueText: '#fff', shadow: true, status: { passing: '#4c1', degraded: '#dfb317', failing: '#e05d44', pending: '#9f9f9f' } },
  light: {
    label: '#eaeef2',
    labelText: '#24292f',
    valueText: '#24292f',
    shadow: false,
    status: { passing: '#aceebb', degraded: '#fae17d', failing: '#ffc1c0', pending: '#d0d7de' },
  },
  dark: {
    label: '#30363d',
    labelText: '#f0f6fc',
    valueText: '#f0f6fc',
    shadow: false,
    status: { passing: '#238636', degraded: '#9e6a03', failing: '#da3633', pending: '#6e7681' },
  },
}

/** Characters that are not allowed in XML 1.0 text at all (C0 controls other than tab, newline, return; lone surrogates; U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Text safe inside an XML element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
}

const NARROW = new Set([..."iljI.,:;!|'`()[]{} /\\ft"])
const WIDE = new Set([...'mwMWOQ@%&GDHNU#'])

/** Estimated width in px of a text in Verdana 11px (bold is about 10% wider). */
export function textWidth(text: string, bold = false): number {
  let width = 0
  for (const c of text) {
    if (NARROW.has(c)) width += 3.9
    else if (WIDE.has(c)) width += 10.4
    else if (c >= 'A' && c <= 'Z') width += 7.6
    else if ((c.codePointAt(0) ?? 0) > 0x2e7f) width += 11
    else width += 6.9
  }
  return Math.ceil(bold ? width * 1.1 : width)
}

/** Names can be long; a badge is not the place for all of it. */
const MAX_TEXT = 64
const clipText = (text: string): string => {
  const chars = [...text.trim()]
  return chars.length > MAX_TEXT ? `${chars.slice(0, MAX_TEXT - 1).join('')}…` : chars.join('')
}

interface Geometry {
  height: number
  radius: number
  padding: number
  bold: boolean
  upper: boolean
  gradient: 'none' | 'soft' | 'strong'
}

const GEOMETRY: Record<BadgeStyle, Geometry> = {
  flat: { height: 20, radius: 3, padding: 6, bold: false, upper: false, gradient: 'soft' },
  plastic: { height: 18, radius: 4, padding: 6, bold: false, upper: false, gradient: 'strong' },
  'flat-square': { height: 20, radius: 0, padding: 6, bold: false, upper: false, gradient: 'none' },
  'for-the-badge': { height: 28, radius: 0, padding: 12, bold: true, upper: true, gradient: 'none' },
  social: { height: 20, radius: 3, padding: 6, bold: true, upper: false, gradient: 'soft' },
}

const GRADIENTS = {
  soft: '<stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/>',
  strong:
    '<stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset=".1" stop-color="#aaa" stop-opacity=".1"/><stop offset=".9" stop-opacity=".3"/><stop offset="1" stop-opacity=".5"/>',
}

const text = (x: number, y: number, content: string, fill: string, shadow: boolean): string =>
  (shadow ? `<text x="${x}" y="${y + 1}" fill="#010101" fill-opacity=".3">${content}</text>` : '') + `<text x="${x}" y="${y}" fill="${fill}">${content}</text>`

/** The badge as a complete SVG document. */
export function renderBadge(input: BadgeInput): string {
  const style = input.style ?? 'flat'
  const g = GEOMETRY[style]
  const palette = PALETTES[input.theme ?? 'default']
  const shown = (s: string) => (g.upper ? clipText(s).toUpperCase() : clipText(s))
  const label = shown(input.label)
  const value = shown(input.value)
  const labelWidth = textWidth(label, g.bold) + 2 * g.padding
  const valueWidth = textWidth(value, g.bold) + 2 * g.padding
  const width = labelWidth + valueWidth
  const valueFill = style === 'social' ? '#fff' : palette.status[input.status]
  const valueText = style === 'social' ? '#333' : palette.valueText
  const shadow = palette.shadow && style !== 'social'
  const baseline = Math.round(g.height / 2 + 4)
  const title = escapeXml(`${label}: ${value}`)
  const font = `font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"${g.bold ? ' font-weight="bold"' : ''}${g.upper ? ' letter-spacing=".5"' : ''}`
  const gradient = g.gradient === 'none' ? '' : `<linearGradient id="s" x2="0" y2="100%">${GRADIENTS[g.gradient]}</linearGradient>`
  const edge = style === 'social' ? `<rect x="${labelWidth}" width="${valueWidth}" height="${g.height}" fill="none" stroke="#d5d5d5"/>` : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${g.height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>${gradient}` +
    `<clipPath id="r"><rect width="${width}" height="${g.height}" rx="${g.radius}" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="${g.height}" fill="${palette.label}"/>` +
    `<rect x="${labelWidth}" width="${valueWidth}" height="${g.height}" fill="${valueFill}"/>${edge}` +
    (gradient ? `<rect width="${width}" height="${g.height}" fill="url(#s)"/>` : '') +
    `</g><g text-anchor="middle" ${font}>` +
    text(labelWidth / 2, baseline, escapeXml(label), palette.labelText, palette.shadow) +
    text(labelWidth + valueWidth / 2, baseline, escapeXml(value), valueText, shadow) +
    `</g></svg>`
  )
}
