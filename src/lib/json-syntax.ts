/**
 * Where a JSON text first breaks the grammar (RFC 8259), and why, in words that never quote more than the one
 * offending character. JSON.parse says whether a text is valid; this says where it is not, the same way on every
 * Node version (V8's own messages differ between versions and may quote a slice of the input). Iterative, so a
 * deeply nested text cannot overflow the stack.
 */
export interface JsonSyntaxProblem {
  /** Offset of the offending character (the text's length when it ends too early), from 0. */
  position: number
  /** From 1. */
  line: number
  /** From 1. */
  column: number
  reason: string
}

type Expect = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'commaOrEnd'

const isWhitespace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r'
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])

/** `'}'` for a visible character, `U+0001` for others. */
export function describeChar(c: string | undefined): string {
  if (c === undefined) return 'the end of the text'
  const code = c.codePointAt(0) ?? 0
  return code > 0x20 && code < 0x7f ? `'${c}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

function locate(text: string, position: number, reason: string): JsonSyntaxProblem {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < position && i < text.length; i++) {
    if (text[i] === '\n') {
      line++
      lineStart = i + 1
    }
  }
  return { position, line, column: position - lineStart + 1, reason }
}

/** The first syntax problem of `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const n = text.length
  const stack: Array<'{' | '['> = []
  let i = 0
  let expect: Expect = 'value'
  const unexpected = (what: string) => locate(text, i, i >= n ? `the text ends where ${what} was expected` : `unexpected ${describeChar(text[i])}, expected ${what}`)

  /** Moves past a string starting at i; returns a problem or null. */
  const scanString = (): JsonSyntaxProblem | null => {
    i++
    while (i < n) {
      const c = text[i] as string
      if (c === '"') {
        i++
        return null
      }
      if (c === '\\') {
        const e = text[i + 1]
        if (e === 'u') {
          for (let k = 2; k < 6; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) return locate(text, Math.min(i + k, n), 'a \\u escape needs four hexadecimal digits')
          }
          i += 6
          continue
        }
        if (e === undefined || !ESCAPES.has(e)) return locate(text, i + 1, `${describeChar(e)} cannot follow a backslash in a string`)
        i += 2
        continue
      }
      if (c < ' ') return locate(text, i, `control character ${describeChar(c)} inside a string (escape it)`)
      i++
    }
    return locate(text, n, 'the text ends inside a string')
  }

  /** Moves past a number starting at i; returns a problem or null. */
  const scanNumber = (): JsonSyntaxProblem | null => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (isDigit(text[i])) while (isDigit(text[i])) i++
    else return unexpected('a digit')
    if (text[i] === '.') {
      i++
      if (!isDigit(text[i])) return unexpected('a digit after the decimal point')
      while (isDigit(text[i])) i++
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!isDigit(text[i])) return unexpected('a digit in the exponent')
      while (isDigit(text[i])) i++
    }
    return null
  }

  for (;;) {
    while (i < n && isWhitespace(text[i] as string)) i++
    const c = text[i]
    if (expect === 'value' || expect === 'valueOrEnd') {
      if (expect === 'valueOrEnd' && c === ']') {
        stack.pop()
        i++
        expect = 'commaOrEnd'
        continue
      }
      if (c === '{' || c === '[') {
        stack.push(c)
        i++
        expect = c === '{' ? 'keyOrEnd' : 'valueOrEnd'
        continue
      }
      let problem: JsonSyntaxProblem | null = null
      if (c === '"') problem = scanString()
      else if (c === '-' || isDigit(c)) problem = scanNumber()
      else {
        const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i))
        if (!word) return unexpected('a value (object, array, string, number, true, false or null)')
        i += word.length
      }
      if (problem) return problem
      expect = 'commaOrEnd'
    } else if (expect === 'key' || expect === 'keyOrEnd') {
      if (expect === 'keyOrEnd' && c === '}') {
        stack.pop()
        i++
        expect = 'commaOrEnd'
        continue
      }
      if (c !== '"') return unexpected('a property name in double quotes')
      const problem = scanString()
      if (problem) return problem
      expect = 'colon'
    } else if (expect === 'colon') {
      if (c !== ':') return unexpected("':' after the property name")
      i++
      expect = 'value'
    } else {
      const open = stack[stack.length - 1]
      if (open === undefined) return i < n ? unexpected('nothing more after the JSON value') : null
      const close = open === '{' ? '}' : ']'
      if (c === ',') {
        i++
        expect = open === '{' ? 'key' : 'value'
      } else if (c === close) {
        stack.pop()
        i++
      } else {
        return unexpected(`',' or '${close}'`)
      }
    }
  }
}
