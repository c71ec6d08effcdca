/** An editable list of key-value entries (webhook headers, query parameters), each field showing its API errors. */
import { type FieldErrors, CheckboxField, TextField } from '../../../ui/form'
import { Button } from '../../../ui/kit'

export interface Entry {
  key: string
  value: string
  locked?: boolean
}

interface Props {
  legend: string
  /** The API path of the list, e.g. `config.headers`. */
  path: string
  errors: FieldErrors
  entries: Entry[]
  onChange: (entries: Entry[]) => void
  /** What one entry is called in labels ("Header"). */
  noun: string
}

export function KeyValues(props: Props) {
  const update = (i: number, patch: Partial<Entry>) => props.onChange(props.entries.map((e, j) => (j === i ? { ...e, ...patch } : e)))
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.entries.length === 0 ? <p class="muted small">None.</p> : null}
      {props.entries.map((e, i) => (
        <div class="kv-row">
          <TextField label={`${props.noun} ${i + 1} name`} path={`${props.path}[${i}].key`} errors={props.errors} value={e.key} onValue={(v) => update(i, { key: v })} />
          <TextField label={`${props.noun} ${i + 1} value`} path={`${props.path}[${i}].value`} errors={props.errors} value={e.value} onValue={(v) => update(i, { value: v })} />
          <CheckboxField label="Hide value" path={`${props.path}[${i}].locked`} errors={props.errors} checked={e.locked === true} onChecked={(v) => update(i, { locked: v })} />
          <Button variant="ghost" aria-label={`Remove ${props.noun.toLowerCase()} ${i + 1}`} onClick={() => props.onChange(props.entries.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <Button onClick={() => props.onChange([...props.entries, { key: '', value: '', locked: false }])}>Add {props.noun.toLowerCase()}</Button>
    </fieldset>
  )
}
