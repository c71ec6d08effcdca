/**
 * CodeMirror 6 with JavaScript: loaded only when a script editor is on screen (see code-editor.tsx).
 * The installed `codemirror` package is the legacy 5.x code published as 6.65.7 (no basicSetup), so the setup is
 * put together here from the @codemirror packages that lang-javascript brings: line numbers, highlighting,
 * bracket matching and closing, folding, indentation and completion. @codemirror/commands (undo history, the
 * default key map) is not installed, so the browser's own editing keys apply.
 * The editor lives in a shadow root: there CodeMirror's styles go into constructed style sheets, which the
 * console's CSP (style-src 'self', no nonce) allows, where on the document it would add a blocked <style> tag.
 */
import { EditorState, type Extension } from '@codemirror/state'
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view'
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { javascript } from '@codemirror/lang-javascript'

export interface EditorHandle {
  setValue(value: string): void
  destroy(): void
}

const setup: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  foldGutter(),
  drawSelection(),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  autocompletion(),
  highlightActiveLine(),
  keymap.of([...closeBracketsKeymap, ...completionKeymap]),
]

const theme = EditorView.theme({
  '&': { minHeight: '14rem', maxHeight: '36rem', fontSize: '0.85rem', backgroundColor: 'Canvas', color: 'CanvasText' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: 'transparent', borderRight: '1px solid #8884' },
  '&.cm-focused': { outline: '2px solid #2456d6', outlineOffset: '-2px' },
})

export function createEditor(options: { parent: HTMLElement; value: string; label: string; readOnly: boolean; onChange: (value: string) => void }): EditorHandle {
  const root = options.parent.shadowRoot ?? options.parent.attachShadow({ mode: 'open' })
  const view = new EditorView({
    doc: options.value,
    parent: root,
    root,
    extensions: [
      theme,
      setup,
      javascript({ typescript: true }),
      EditorView.lineWrapping,
      EditorState.tabSize.of(2),
      EditorView.editable.of(!options.readOnly),
      EditorState.readOnly.of(options.readOnly),
      // An id reference cannot cross the shadow root, so the visible label's text is repeated as aria-label.
      EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-multiline': 'true', role: 'textbox' }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) options.onChange(u.state.doc.toString())
      }),
    ],
  })
  return {
    setValue(value) {
      if (value !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } })
    },
    destroy: () => view.destroy(),
  }
}
