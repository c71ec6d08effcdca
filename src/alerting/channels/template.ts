/**
 * Handlebars for webhook URLs, bodies, headers and query parameters, with the reference's helpers. What `{{X}}`
 * escapes depends on where the text goes, so that the usual templates produce valid output:
 *   - a JSON body (the template starts with `{` or `[`): JSON string escaping, so `"{{ALERT_TITLE}}"` stays valid
 *     JSON although the title contains quotes;
 *   - any other body: HTML escaping (Handlebars' own default);
 *   - the URL: URI-component encoding;
 *   - header and query values: none (the HTTP layer encodes query values).
 * `{{{X}}}` is always raw, and helpers that build markup (`json`) are never escaped.
 */
import { randomUUID } from 'node:crypto'
import Handlebars from 'handlebars'
import { formatMoment, renderMoment } from '../../runners/moment-lite.js'
import { registerHelpers } from './template-helpers.js'
import type { TemplateContext } from './variables.js'

export type EscapeMode = 'json' | 'html' | 'uri' | 'none'

export class TemplateError extends Error {
  constructor(where: string, cause: unknown) {
    super(`${where} template does not render: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'TemplateError'
  }
}

const hb = Handlebars.create()
const ESCAPE = '__picket_escape'
registerHelpers(hb, {
  uuid: () => randomUUID(),
  random: () => Math.floor(Math.random() * 1001),
  moment: (now, args) => {
    // `{{moment STARTED_AT "YYYY-MM-DD"}}`: a date to format rather than a phrase relative to now.
    const [first, format] = args
    if (first !== undefined && /^\d{4}-\d{2}-\d{2}/.test(first) && !Number.isNaN(Date.parse(first))) {
      const at = Date.parse(first)
      return format === undefined ? new Date(at).toISOString() : formatMoment(at, format)
    }
    return renderMoment(now, args) ?? ''
  },
})

const isSafe = (v: unknown): v is { toHTML(): string } => v !== null && typeof v === 'object' && typeof (v as { toHTML?: unknown }).toHTML === 'function'

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v))

export function escapeFor(mode: EscapeMode, value: unknown): string {
  if (isSafe(value)) return value.toHTML()
  switch (mode) {
    case 'json':
      return JSON.stringify(text(value)).slice(1, -1)
    case 'html':
      return hb.Utils.escapeExpression(text(value))
    case 'uri':
      return encodeURIComponent(text(value))
    default:
      return text(value)
  }
}

hb.registerHelper(ESCAPE, function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
  const data = options.data as { escapeMode?: EscapeMode } | undefined
  return new hb.SafeString(escapeFor(data?.escapeMode ?? 'html', value))
})

/** `{{X}}` → `{{__picket_escape X}}`; `{{helper a b}}` → `{{__picket_escape (helper a b)}}`. */
function wrapEscapes(program: hbs.AST.Program): void {
  program.body = program.body.map((statement) => {
    if (statement.type === 'BlockStatement') {
      const block = statement as hbs.AST.BlockStatement
      if (block.program) wrapEscapes(block.program)
      if (block.inverse) wrapEscapes(block.inverse)
      return block
    }
    if (statement.type !== 'MustacheStatement') return statement
    const m = statement as hbs.AST.MustacheStatement
    if (!m.escaped) return m
    const path = m.path as hbs.AST.PathExpression
    // Only registered helpers are calls: `in` would also take a variable named `constructor` for one.
    const isHelper = path.type === 'PathExpression' && path.parts.length === 1 && !path.data && Object.hasOwn(hb.helpers, path.original)
    const call = m.params.length > 0 || (m.hash && m.hash.pairs.length > 0) || isHelper
    const inner: hbs.AST.Expression = call ? ({ type: 'SubExpression', path, params: m.params, hash: m.hash, loc: m.loc } as hbs.AST.SubExpression) : m.path
    const escapePath: hbs.AST.PathExpression = { type: 'PathExpression', data: false, depth: 0, parts: [ESCAPE], original: ESCAPE, loc: m.loc }
    return { ...m, path: escapePath, params: [inner], hash: undefined as unknown as hbs.AST.Hash, escaped: false } satisfies hbs.AST.MustacheStatement
  })
}

export interface RenderOptions {
  mode: EscapeMode
  /** The time `{{moment}}` and `{{year}}` see. */
  now: number
  /** Names the template in errors ("body", "url", "header X-Key"). */
  where: string
}

/**
 * `{"tags":{{json TAGS}}}` is the natural way to end a JSON template, but Handlebars reads the final `}}}` as the
 * close of a triple-stash and refuses the template. A `}` right after the `}}` that closes a `{{…}}` is therefore
 * written as `{{"}"}}` (several as one literal), which renders the same braces. String literals, comments and `\{{` are left alone.
 */
export function separateClosingBraces(source: string): string {
  let out = ''
  let i = 0
  while (i < source.length) {
    if (source.startsWith('\\{{', i)) {
      out += '\\{{'
      i += 3
      continue
    }
    if (!source.startsWith('{{', i)) {
      out += source[i++]
      continue
    }
    const triple = source.startsWith('{{{', i) && !source.startsWith('{{{{', i)
    const comment = source.startsWith('{{!--', i) ? '--}}' : source.startsWith('{{!', i) ? '}}' : null
    const close = comment ?? (triple ? '}}}' : '}}')
    let j = i + (triple ? 3 : 2)
    let quote: string | null = null
    while (j < source.length) {
      const c = source[j] as string
      if (quote) quote = c === quote ? null : quote
      else if (comment === null && (c === '"' || c === "'")) quote = c
      else if (source.startsWith(close, j)) break
      j++
    }
    j = Math.min(source.length, j + close.length)
    out += source.slice(i, j)
    i = j
    if (!triple && comment === null && source[i] === '}') {
      let n = 0
      while (source[i + n] === '}') n++
      out += `{{"${'}'.repeat(n)}"}}`
      i += n
    }
  }
  return out
}

/** Renders a template; throws TemplateError when it does not parse or render. */
export function renderTemplate(source: string, context: TemplateContext, options: RenderOptions): string {
  try {
    const ast = hb.parse(separateClosingBraces(source))
    wrapEscapes(ast)
    const template = hb.compile(ast, { noEscape: true, strict: false })
    return template(context, { data: { escapeMode: options.mode, now: options.now } })
  } catch (err) {
    throw new TemplateError(options.where, err)
  }
}

/** The escaping a body template gets: JSON when it looks like JSON, HTML otherwise. */
export const bodyMode = (template: string): EscapeMode => (/^\s*[[{]/.test(template) ? 'json' : 'html')
