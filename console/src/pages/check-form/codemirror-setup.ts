/**
 * CodeMirror 6 with JavaScript/TypeScript highlighting: loaded only when a script editor is on screen (see
 * code-editor.tsx). basicSetup brings line numbers, highlighting, undo history, the default key map, search,
 * bracket matching and closing, folding and completion.
 * The editor lives in a shadow root: there CodeMirror's styles go into constructed style sheets, which the
 * console's CSP (style-src 'self', no nonce) allows, where on the document it would add a blocked <style> tag.
 */
import { basicSetup } from 'codemirror'
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { javascript } from '@codemirror/lang-javascript'
import { readableHighlighting } from './editor-highlight'

export interface EditorHandle {
  setValue(value: string): void
  destroy(): void
}

/** The page's colour scheme when the editor is made: it decides which of the two syntax colour sets applies. */
const prefersDark = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches

const themeSpec = {
  '&': { minHeight: '14rem', maxHeight: '36rem', fontSize: '0.85rem', backgroundColor: 'Canvas', color: 'CanvasText' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: 'transparent', borderRight: '1px solid #8884' },
  '&.cm-focused': { outline: '2px solid #2456d6', outlineOffset: '-2px' },
}

export function createEditor(options: { parent: HTMLElement; value: string; label: string; readOnly: boolean; onChange: (value: string) => void }): EditorHandle {
  const root = options.parent.shadowRoot ?? options.parent.attachShadow({ mode: 'open' })
  const view = new EditorView({
    doc: options.value,
    parent: root,
    root,
    extensions: [
      EditorView.theme(themeSpec, { dark: prefersDark() }),
      readableHighlighting,
      basicSetup,
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
