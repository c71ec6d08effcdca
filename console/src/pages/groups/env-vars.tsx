/** Environment variables as rows: key, value, secret. A stored secret's value is never shown; left empty it is kept. */
import { errorFor, type FieldErrors } from '../../ui/form'
import { Button } from '../../ui/kit'

export interface EnvVar {
  key: string
  value?: string | null
  locked?: boolean
  secret?: boolean
}

export function EnvVarRows(props: { rows: EnvVar[]; stored: EnvVar[]; onRows: (rows: EnvVar[]) => void; errors: FieldErrors; path?: string }) {
  const path = props.path ?? 'environmentVariables'
  const change = (i: number, patch: Partial<EnvVar>) => props.onRows(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const storedSecret = (key: string) => props.stored.some((s) => s.key === key && s.secret)
  return (
    <fieldset class="cf-rows" data-field={path}>
      <legend>Environment variables</legend>
      <p class="muted small">Available to the group's checks as {'{{KEY}}'} and process.env.KEY. Letters, digits and _; not starting with a digit.</p>
      {props.rows.length === 0 ? <p class="muted small">None.</p> : null}
      {props.rows.map((r, i) => {
        const error = errorFor(props.errors, `${path}[${i}]`)
        const kept = storedSecret(r.key)
        return (
          <div class={`gr-env${error ? ' field-invalid' : ''}`} role="group" aria-label={`Variable ${i + 1}`}>
            <input
              aria-label={`Variable ${i + 1} key`}
              placeholder="KEY"
              class="mono"
              value={r.key}
              onInput={(e) => change(i, { key: e.currentTarget.value })}
              aria-invalid={Boolean(error)}
            />
            <input
              aria-label={`Variable ${i + 1} value`}
              type={r.secret ? 'password' : 'text'}
              autoComplete="off"
              placeholder={kept ? 'Secret: leave empty to keep' : 'Value'}
              value={r.value ?? ''}
              onInput={(e) => change(i, { value: e.currentTarget.value === '' && kept ? null : e.currentTarget.value })}
            />
            <label class="cf-choice">
              <input type="checkbox" checked={Boolean(r.secret)} disabled={kept} onChange={(e) => change(i, { secret: e.currentTarget.checked })} /> Secret
            </label>
            <Button variant="ghost" aria-label={`Remove variable ${i + 1}`} onClick={() => props.onRows(props.rows.filter((_, j) => j !== i))}>
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
      {props.errors[path] ? (
        <small class="field-error" role="alert">
          {props.errors[path]}
        </small>
      ) : null}
      <Button variant="ghost" onClick={() => props.onRows([...props.rows, { key: '', value: '', locked: false, secret: false }])}>
        + Add variable
      </Button>
    </fieldset>
  )
}
