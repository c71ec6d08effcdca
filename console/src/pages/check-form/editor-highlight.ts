/**
 * Syntax colours of the script editor, one set for a light page and one for a dark one: CodeMirror's default
 * colours fall under a 4.5:1 contrast with the background (regular expressions, invalid tokens, types), which
 * makes code hard to read and fails WCAG AA. Each colour here keeps at least 5:1 on its theme's background.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags as t } from '@lezer/highlight'
import type { Extension } from '@codemirror/state'

interface Palette {
  keyword: string
  string: string
  number: string
  comment: string
  definition: string
  type: string
  regexp: string
  invalid: string
}

const LIGHT: Palette = {
  keyword: '#7a3fb0',
  string: '#a33d14',
  number: '#2f7a3a',
  comment: '#5b6472',
  definition: '#1f5fa8',
  type: '#0b7a8a',
  regexp: '#b24400',
  invalid: '#c0262d',
}
const DARK: Palette = {
  keyword: '#c7a2ff',
  string: '#ffab7a',
  number: '#8fd694',
  comment: '#9aa4b2',
  definition: '#8cc4ff',
  type: '#6fd3e0',
  regexp: '#ffb366',
  invalid: '#ff8a8a',
}

function style(p: Palette, themeType: 'light' | 'dark'): HighlightStyle {
  return HighlightStyle.define(
    [
      { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword], color: p.keyword },
      { tag: [t.string, t.special(t.string)], color: p.string },
      { tag: [t.number, t.bool, t.null, t.atom], color: p.number },
      { tag: [t.comment, t.lineComment, t.blockComment, t.meta], color: p.comment, fontStyle: 'italic' },
      { tag: [t.definition(t.variableName), t.function(t.definition(t.variableName)), t.definition(t.propertyName)], color: p.definition },
      { tag: [t.typeName, t.className, t.namespace], color: p.type },
      { tag: [t.regexp, t.escape], color: p.regexp },
      { tag: t.invalid, color: p.invalid },
      { tag: t.link, textDecoration: 'underline' },
      { tag: t.strong, fontWeight: 'bold' },
      { tag: t.emphasis, fontStyle: 'italic' },
    ],
    { themeType },
  )
}

/** Both styles: CodeMirror applies the one whose theme type matches the editor's theme (light or dark). */
export const readableHighlighting: Extension = [syntaxHighlighting(style(LIGHT, 'light')), syntaxHighlighting(style(DARK, 'dark'))]
