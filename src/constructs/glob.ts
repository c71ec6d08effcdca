/**
 * Glob patterns on relative paths with / between folders: `**` (any folders), `*` and `?` (within a name),
 * `{a,b}` and `[abc]`. Enough for a suite's `include`; a name starting with a dot is matched only by a pattern that
 * spells the dot.
 */
const escape = (c: string) => (/[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c)

function translate(pattern: string): string {
  let out = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/'
      const atStart = i === 0 || pattern[i - 1] === '/'
      if (atStart && slash) {
        out += '(?:[^/.][^/]*/)*'
        i += 2
      } else {
        out += '.*'
        i += 1
      }
    } else if (c === '*') out += '[^/]*'
    else if (c === '?') out += '[^/]'
    else if (c === '{') {
      const end = pattern.indexOf('}', i)
      if (end === -1) out += '\\{'
      else {
        out += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(translate)
          .join('|')})`
        i = end
      }
    } else if (c === '[') {
      const end = pattern.indexOf(']', i)
      if (end === -1) out += '\\['
      else {
        out += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`
        i = end
      }
    } else out += escape(c)
  }
  return out
}

export const globToRegExp = (pattern: string): RegExp => new RegExp(`^${translate(pattern.replace(/^\.\//, ''))}$`)

export function matcher(patterns: string | readonly string[]): (path: string) => boolean {
  const list = (typeof patterns === 'string' ? [patterns] : patterns).map(globToRegExp)
  return (path) => list.some((re) => re.test(path))
}
