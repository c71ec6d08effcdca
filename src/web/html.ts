/**
 * HTML built with a tagged template that escapes every interpolated value unless it is already Html: user text
 * cannot become markup by accident. Arrays are joined; null, undefined and false render nothing.
 */
import { escapeHtml } from '../domain/status-pages/subscriber-html.js'

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

/** Markup that is trusted as is (built by this module, never user text). */
export const trusted = (markup: string): Html => new Html(markup)

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? ''
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '')
  return new Html(out)
}

/** An http(s) URL for an attribute (href, src), or null for anything else (javascript:, data: …). */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
