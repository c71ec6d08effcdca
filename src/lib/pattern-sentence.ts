/**
 * What a `pattern` allows, in words, for a person who typed a value that does not match it. A schema says it
 * best: its `errorMessage` (a sentence, "Use 8 to 128 letters, digits, dashes and underscores") or a `description`
 * that names the thing ("A hex colour such as #1a2b3c."). Without either, a pattern made of character classes is
 * read back as the characters it allows; anything else gets a plain sentence rather than the expression itself.
 */

/** The schema fields a pattern's sentence is taken from (Ajv hands over the field's schema as `parentSchema`). */
export interface PatternSchema {
  errorMessage?: unknown
  description?: unknown
}

const CLASS_WORDS: [RegExp, string][] = [
  [/a-zA-Z|A-Za-z/, 'letters'],
  [/a-z/, 'lower-case letters'],
  [/A-Z/, 'capital letters'],
  [/0-9|\\d/, 'digits'],
  [/-(?=\]|$)|^-|\\-/, 'dashes'],
  [/_/, 'underscores'],
  [/\./, 'dots'],
  [/@/, '@'],
  [/:/, 'colons'],
  [/\//, 'slashes'],
]

const listOf = (words: string[]): string => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`)

const ONE: Record<string, string> = {
  letters: 'a letter',
  'lower-case letters': 'a lower-case letter',
  'capital letters': 'a capital letter',
  digits: 'a digit',
  dashes: 'a dash',
  underscores: 'an underscore',
  dots: 'a dot',
  colons: 'a colon',
  slashes: 'a slash',
}
const oneOf = (word: string): string => ONE[word] ?? word

/** `a-zA-Z0-9-` → ["letters", "digits", "dashes"]; null when the class holds something not named above. */
function classWords(cls: string): string[] | null {
  if (cls.startsWith('^')) return null
  const words: string[] = []
  let rest = cls
  for (const [re, word] of CLASS_WORDS) {
    if (re.test(rest)) {
      words.push(word)
      rest = rest.replace(re, '')
      if (word === 'letters') rest = rest.replace(/a-z|A-Z/g, '')
    }
  }
  return rest.replace(/\\/g, '') === '' && words.length > 0 ? words : null
}

/** `^[…]+$`, `^[…]*$`, `^[…]{m,n}$` and `^[…][…]*$`: the characters allowed, the length when the pattern sets one. */
function fromClasses(pattern: string): string | null {
  const one = /^\^\[([^\]]+)\](\+|\*|\{(\d+),(\d+)\})\$$/.exec(pattern)
  if (one) {
    const words = classWords(one[1] ?? '')
    if (!words) return null
    const count = one[3] !== undefined ? `${one[3]} to ${one[4] ?? ''} ` : ''
    return `Use ${count}${listOf(words)}`
  }
  const firstThen = /^\^\[([^\]]+)\]\[([^\]]+)\]\*\$$/.exec(pattern)
  if (firstThen) {
    const first = classWords(firstThen[1] ?? '')
    const then = classWords(firstThen[2] ?? '')
    if (!first || !then) return null
    return `Use ${listOf(then)}, and start with ${first.map(oneOf).join(' or ')}`
  }
  return null
}

/** "A hex colour such as #1a2b3c." → "must be a hex colour such as #1a2b3c". */
function fromDescription(description: unknown): string | null {
  if (typeof description !== 'string') return null
  const first = description.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '') ?? ''
  return /^(A|An) /.test(first) && first.length <= 80 ? `must be ${first.charAt(0).toLowerCase()}${first.slice(1)}` : null
}

const UUID_SHAPE = /\{8\}-.*\{4\}-.*\{12\}/

export function patternSentence(pattern: string, schema?: PatternSchema): string {
  if (typeof schema?.errorMessage === 'string' && schema.errorMessage !== '') return schema.errorMessage
  if (UUID_SHAPE.test(pattern)) return 'must be an id such as 3f1c2b9e-7a4d-4c1e-9b2f-5d6e7f8a9b0c'
  return fromDescription(schema?.description) ?? fromClasses(pattern) ?? 'is not in the expected form'
}
