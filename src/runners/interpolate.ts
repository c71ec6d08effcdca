/**
 * `{{VAR}}` (URI-encoded) and `{{{VAR}}}` (raw) templating of API check requests, with the
 * built-ins {{$UUID}}, {{$RANDOM_NUMBER}}, {{moment …}}, {{GROUP_BASE_URL}} and {{REQUEST_URL}}. Pure: time and
 * randomness come in through the context.
 */
import { renderMoment } from './moment-lite.js'

export interface InterpolationContext {
  variables: Readonly<Record<string, string>>
  /** Epoch ms for {{moment}}. */
  now: number
  uuid: () => string
  /** A number in [0, 1), like Math.random. */
  random: () => number
  /** The request URL after templating, for {{REQUEST_URL}} in headers, body and query values. */
  requestUrl?: string
}

export interface InterpolationOptions {
  /** Encode `{{VAR}}` values with encodeURIComponent (default true); false treats both forms as raw. */
  encode?: boolean
  /** Applied to the template's literal text (e.g. encoding a query value around its variables). */
  encodeLiteral?: (text: string) => string
}

export interface Interpolated {
  text: string
  /** Names of variables that had no value and were left in place. */
  unresolved: string[]
}

const TEMPLATE = /\{\{\{\s*([^{}]+?)\s*\}\}\}|\{\{\s*([^{}]+?)\s*\}\}/g
const QUOTED = /"([^"]*)"|'([^']*)'/g

/** Built-ins are generated values and always go in raw; null when `name` is not a built-in (or has no value). */
function builtin(name: string, ctx: InterpolationContext): string | null | undefined {
  if (name === '$UUID') return ctx.uuid()
  if (name === '$RANDOM_NUMBER') return String(Math.floor(ctx.random() * 10_001))
  if (name === 'REQUEST_URL') return ctx.requestUrl ?? null
  if (name === 'GROUP_BASE_URL') return ctx.variables.GROUP_BASE_URL ?? null
  if (name === 'moment' || name.startsWith('moment ')) {
    const args = [...name.slice(6).matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? '')
    return renderMoment(ctx.now, args)
  }
  return undefined
}

/** Replaces every template in `template`; unknown names are left as written and listed. */
export function interpolate(template: string, ctx: InterpolationContext, options: InterpolationOptions = {}): Interpolated {
  const encode = options.encode ?? true
  const literal = options.encodeLiteral ?? ((s: string) => s)
  const unresolved: string[] = []
  let text = ''
  let last = 0
  for (const m of template.matchAll(TEMPLATE)) {
    const index = m.index ?? 0
    text += literal(template.slice(last, index))
    last = index + m[0].length
    const raw = m[1] !== undefined
    const name = (m[1] ?? m[2] ?? '').trim()
    const generated = builtin(name, ctx)
    if (generated !== undefined) {
      if (generated === null) {
        unresolved.push(name)
        text += m[0]
      } else text += generated
      continue
    }
    const value = Object.prototype.hasOwnProperty.call(ctx.variables, name) ? ctx.variables[name] : undefined
    if (value === undefined) {
      unresolved.push(name)
      text += m[0]
    } else {
      text += raw || !encode ? value : encodeURIComponent(value)
    }
  }
  text += literal(template.slice(last))
  return { text, unresolved }
}

/** The names of templates still present in `text` (after interpolation), for the unresolved-URL check. */
export function remainingTemplates(text: string): string[] {
  return [...text.matchAll(TEMPLATE)].map((m) => (m[1] ?? m[2] ?? '').trim())
}
