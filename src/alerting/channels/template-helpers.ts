/**
 * The webhook template helpers of the reference: comparisons and logic (eq, ne, gt, gte, lt, lte, and, or, not,
 * contains, startsWith, endsWith; each works inline, `{{#if (eq A "x")}}`, and as a block, `{{#eq A "x"}}…{{/eq}}`),
 * text (default, replace, split, lowercase, uppercase, json), tags (`tagValue TAGS "team" "fallback"` reads
 * `team:x` or `team=x`), time (moment, date, year; UTC) and $UUID / $RANDOM_NUMBER.
 */
import type Handlebars from 'handlebars'

type Hb = typeof Handlebars
type Options = Handlebars.HelperOptions

export interface HelperSources {
  uuid: () => string
  random: () => number
  moment: (now: number, args: string[]) => string
}

/** Splits Handlebars' trailing options argument from the helper's own arguments. */
function split(args: unknown[]): { values: unknown[]; options: Options } {
  const options = args[args.length - 1] as Options
  return { values: args.slice(0, -1), options }
}

const isBlock = (options: Options): boolean => typeof options.fn === 'function'
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(str(v)))
const nowOf = (options: Options): number => {
  const data = options.data as { now?: number } | undefined
  return typeof data?.now === 'number' ? data.now : Date.now()
}

/** A test that renders its block (or inverse) when used as a block, and returns a boolean inline. */
function predicate(test: (...values: unknown[]) => boolean) {
  return function (this: unknown, ...args: unknown[]) {
    const { values, options } = split(args)
    const ok = test(...values)
    if (isBlock(options)) return ok ? options.fn(this) : options.inverse(this)
    return ok
  }
}

const contains = (haystack: unknown, needle: unknown): boolean => (Array.isArray(haystack) ? haystack.some((x) => str(x) === str(needle)) : str(haystack).includes(str(needle)))

/** `team:x` or `team=x` in a tag list → `x`. */
export function tagValue(tags: unknown, name: unknown, fallback?: unknown): string {
  const key = str(name)
  for (const tag of Array.isArray(tags) ? tags : []) {
    const t = str(tag)
    for (const sep of [':', '=']) if (t.startsWith(key + sep)) return t.slice(key.length + 1)
  }
  return str(fallback)
}

export function registerHelpers(hb: Hb, sources: HelperSources): void {
  const predicates: Record<string, (...values: unknown[]) => boolean> = {
    eq: (a, b) => a === b || str(a) === str(b),
    ne: (a, b) => !(a === b || str(a) === str(b)),
    gt: (a, b) => num(a) > num(b),
    gte: (a, b) => num(a) >= num(b),
    lt: (a, b) => num(a) < num(b),
    lte: (a, b) => num(a) <= num(b),
    and: (...v) => v.length > 0 && v.every(Boolean),
    or: (...v) => v.some(Boolean),
    not: (a) => !a,
    contains,
    startsWith: (a, b) => str(a).startsWith(str(b)),
    endsWith: (a, b) => str(a).endsWith(str(b)),
  }
  for (const [name, test] of Object.entries(predicates)) hb.registerHelper(name, predicate(test))

  hb.registerHelper('default', (value: unknown, fallback: unknown) => (value === null || value === undefined || value === '' ? fallback : value))
  hb.registerHelper('replace', (value: unknown, find: unknown, by: unknown) => str(value).split(str(find)).join(str(by)))
  hb.registerHelper('split', (value: unknown, sep: unknown) => str(value).split(typeof sep === 'string' ? sep : ','))
  hb.registerHelper('lowercase', (value: unknown) => str(value).toLowerCase())
  hb.registerHelper('uppercase', (value: unknown) => str(value).toUpperCase())
  hb.registerHelper('json', (value: unknown) => new hb.SafeString(JSON.stringify(value ?? null)))
  hb.registerHelper('tagValue', (tags: unknown, name: unknown, ...rest: unknown[]) => tagValue(tags, name, rest.length > 1 ? rest[0] : ''))
  hb.registerHelper('$UUID', () => sources.uuid())
  hb.registerHelper('$RANDOM_NUMBER', () => sources.random())
  hb.registerHelper('year', (...args: unknown[]) => String(new Date(nowOf(split(args).options)).getUTCFullYear()))
  const moment = (...args: unknown[]) => {
    const { values, options } = split(args)
    return sources.moment(nowOf(options), values.map(str))
  }
  hb.registerHelper('moment', moment)
  hb.registerHelper('date', moment)
}
