/**
 * What the model may see of a run's variables: their names, never their values. Text going to the model has every
 * variable value replaced by its `{{NAME}}` placeholder (longest values first, so a value containing another is
 * hidden whole); a tool's input has the placeholders replaced by the values only when the tool runs in the
 * browser. Values shorter than MIN_MASKED are left in text: hiding every "a" or "1" would make pages unreadable,
 * and such a value is no secret.
 */

export const MIN_MASKED = 3

export interface Placeholders {
  /** Text for the model: values replaced by `{{NAME}}`. */
  mask(text: string): string
  /** Input for the browser: `{{NAME}}` of a known variable replaced by its value. */
  fill(text: string): string
  /** The names the model may use. */
  names: string[]
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function placeholders(variables: Readonly<Record<string, string>>): Placeholders {
  const entries = Object.entries(variables)
  const masked = entries.filter(([, v]) => v.length >= MIN_MASKED).sort((a, b) => b[1].length - a[1].length)
  const pattern = masked.length > 0 ? new RegExp(masked.map(([, v]) => escape(v)).join('|'), 'g') : null
  const byValue = new Map(masked.map(([k, v]) => [v, k]))
  return {
    names: entries.map(([k]) => k),
    mask: (text) => (pattern ? text.replace(pattern, (v) => `{{${byValue.get(v) ?? ''}}}`) : text),
    fill: (text) => text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? (variables[name] as string) : whole)),
  }
}

/** A tool input (any JSON) with every string filled. */
export function fillInput(value: unknown, p: Placeholders): unknown {
  if (typeof value === 'string') return p.fill(value)
  if (Array.isArray(value)) return value.map((v) => fillInput(v, p))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillInput(v, p)]))
  return value
}
