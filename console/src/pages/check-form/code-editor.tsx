/**
 * A code editor for scripts. CodeMirror is imported on demand, so it is fetched only when an editor is on screen
 * (it is not part of the first page's JavaScript); until then, or if it cannot load, a plain text area stands in.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { errorFor, type FieldErrors } from '../../ui/form'
import type { EditorHandle } from './codemirror-setup'

export function CodeEditor(props: { label: string; path: string; errors: FieldErrors; value: string; onValue: (v: string) => void; readOnly?: boolean; hint?: string }) {
  const id = useId()
  const host = useRef<HTMLDivElement>(null)
  const editor = useRef<EditorHandle | null>(null)
  const onValue = useRef(props.onValue)
  onValue.current = props.onValue
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const error = errorFor(props.errors, props.path)

  useEffect(() => {
    let cancelled = false
    import('./codemirror-setup').then(
      ({ createEditor }) => {
        if (cancelled || !host.current) return
        editor.current = createEditor({ parent: host.current, value: props.value, label: props.label, readOnly: Boolean(props.readOnly), onChange: (v) => onValue.current(v) })
        setState('ready')
      },
      () => !cancelled && setState('failed'),
    )
    return () => {
      cancelled = true
      editor.current?.destroy()
      editor.current = null
    }
  }, [props.readOnly])

  useEffect(() => editor.current?.setValue(props.value), [props.value])

  return (
    <div class={`field${error ? ' field-invalid' : ''}`} data-field={props.path}>
      <label id={`${id}-label`} for={state === 'ready' ? undefined : id}>
        {props.label}
      </label>
      <div ref={host} class="cf-editor" hidden={state !== 'ready'} />
      {state === 'ready' ? null : (
        <textarea
          id={id}
          class="mono"
          rows={14}
          value={props.value}
          readOnly={props.readOnly}
          aria-busy={state === 'loading'}
          onInput={(e) => props.onValue(e.currentTarget.value)}
        />
      )}
      {state === 'loading' ? <small class="hint">Loading the editor…</small> : null}
      {props.hint && !error ? <small class="hint">{props.hint}</small> : null}
      {error ? (
        <small class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  )
}
