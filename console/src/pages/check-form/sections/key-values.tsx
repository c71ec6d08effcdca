/** Editable key/value rows (headers, query parameters): add, change, remove; each row shows its own API errors. */
import { errorFor, type FieldErrors } from '../../../ui/form'
import { Button } from '../../../ui/kit'

export interface KeyValue {
  key: string
  value: string
  locked?: boolean
}

export function KeyValueRows(props: { title: string; noun: string; path: string; rows: KeyValue[]; onRows: (rows: KeyValue[]) => void; errors: FieldErrors }) {
  const change = (i: number, patch: Partial<KeyValue>) => props.onRows(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const listError = props.errors[props.path]
  return (
    <fieldset class="cf-rows" data-field={props.path}>
      <legend>{props.title}</legend>
      {props.rows.length === 0 ? <p class="muted small">None.</p> : null}
      {props.rows.map((r, i) => {
        const error = errorFor(props.errors, `${props.path}[${i}]`)
        return (
          <div class={`cf-row${error ? ' field-invalid' : ''}`} role="group" aria-label={`${props.noun} ${i + 1}`}>
            <input
              aria-label={`${props.noun} ${i + 1} key`}
              placeholder="Key"
              value={r.key}
              onInput={(e) => change(i, { key: e.currentTarget.value })}
              aria-invalid={Boolean(error)}
            />
            <input aria-label={`${props.noun} ${i + 1} value`} placeholder="Value" value={r.value} onInput={(e) => change(i, { value: e.currentTarget.value })} />
            <Button variant="ghost" aria-label={`Remove ${props.noun.toLowerCase()} ${i + 1}`} onClick={() => props.onRows(props.rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
            {error ? (
              <small class="field-error cf-row-error" role="alert">
                {error}
              </small>
            ) : null}
          </div>
        )
      })}
      {listError ? (
        <small class="field-error" role="alert">
          {listError}
        </small>
      ) : null}
      <Button variant="ghost" onClick={() => props.onRows([...props.rows, { key: '', value: '', locked: false }])}>
        + Add {props.noun.toLowerCase()}
      </Button>
    </fieldset>
  )
}
