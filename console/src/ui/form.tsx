/**
 * Form fields that show the API's validation errors under the field they belong to. Errors come from
 * ApiError.fields, keyed by the API's field path; a field shows the errors of its path and of paths inside it.
 */
import type { ComponentChildren, JSX } from 'preact'
import { useId } from 'preact/hooks'
import { ApiError } from '../api/client'

export type FieldErrors = Record<string, string>

export const fieldErrorsOf = (err: unknown): FieldErrors => (err instanceof ApiError ? err.fields : {})

/** The message for `path` (or for a path inside it, e.g. `request` shows `request.url`). */
export function errorFor(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path]
  const inner = Object.keys(errors).find((k) => k.startsWith(`${path}.`) || k.startsWith(`${path}[`))
  return inner ? `${inner}: ${errors[inner]}` : undefined
}

interface FieldProps {
  label: string
  /** The API field path whose errors this field shows. */
  path: string
  errors: FieldErrors
  hint?: ComponentChildren
  children: (id: string, describedBy: string | undefined, invalid: boolean) => ComponentChildren
}

export function Field(props: FieldProps) {
  const id = useId()
  const error = errorFor(props.errors, props.path)
  const describedBy = error ? `${id}-error` : props.hint ? `${id}-hint` : undefined
  return (
    <div class={`field${error ? ' field-invalid' : ''}`} data-field={props.path}>
      <label for={id}>{props.label}</label>
      {props.children(id, describedBy, Boolean(error))}
      {props.hint && !error ? (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  )
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput' | 'label'> & {
  label: string
  path: string
  errors: FieldErrors
  value: string | number
  onValue: (value: string) => void
  hint?: ComponentChildren
}

export function TextField({ label, path, errors, value, onValue, hint, ...rest }: InputProps) {
  return (
    <Field label={label} path={path} errors={errors} hint={hint}>
      {(id, describedBy, invalid) => (
        <input id={id} name={path} value={value} aria-invalid={invalid} aria-describedby={describedBy} onInput={(e) => onValue(e.currentTarget.value)} {...rest} />
      )}
    </Field>
  )
}

export function NumberField(props: Omit<InputProps, 'value' | 'onValue'> & { value: number | null; onNumber: (value: number | null) => void }) {
  const { onNumber, value, ...rest } = props
  return <TextField {...rest} type="number" value={value ?? ''} onValue={(v) => onNumber(v === '' ? null : Number(v))} />
}

export function TextArea(props: {
  label: string
  path: string
  errors: FieldErrors
  value: string
  onValue: (v: string) => void
  rows?: number
  hint?: ComponentChildren
  mono?: boolean
}) {
  return (
    <Field label={props.label} path={props.path} errors={props.errors} hint={props.hint}>
      {(id, describedBy, invalid) => (
        <textarea
          id={id}
          name={props.path}
          class={props.mono ? 'mono' : undefined}
          rows={props.rows ?? 4}
          value={props.value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onInput={(e) => props.onValue(e.currentTarget.value)}
        />
      )}
    </Field>
  )
}

export function SelectField<T extends string>(props: {
  label: string
  path: string
  errors: FieldErrors
  value: T
  options: ReadonlyArray<T | { value: T; label: string }>
  onValue: (v: T) => void
  hint?: ComponentChildren
}) {
  return (
    <Field label={props.label} path={props.path} errors={props.errors} hint={props.hint}>
      {(id, describedBy, invalid) => (
        <select id={id} name={props.path} value={props.value} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => props.onValue(e.currentTarget.value as T)}>
          {props.options.map((o) => (typeof o === 'string' ? <option value={o}>{o}</option> : <option value={o.value}>{o.label}</option>))}
        </select>
      )}
    </Field>
  )
}

export function CheckboxField(props: { label: string; path: string; errors: FieldErrors; checked: boolean; onChecked: (v: boolean) => void; hint?: ComponentChildren }) {
  const id = useId()
  const error = errorFor(props.errors, props.path)
  return (
    <div class={`field field-check${error ? ' field-invalid' : ''}`} data-field={props.path}>
      <label for={id}>
        <input id={id} type="checkbox" name={props.path} checked={props.checked} onChange={(e) => props.onChecked(e.currentTarget.checked)} /> {props.label}
      </label>
      {props.hint && !error ? <small class="hint">{props.hint}</small> : null}
      {error ? (
        <small class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  )
}

/**
 * The form-level error. A 400 that names fields gets one short sentence ("2 fields need attention"): each field's
 * reason is under the field, and repeating them here would say everything twice. Only the reasons of fields no
 * field on screen shows are listed. Any other error shows its message.
 */
export function FormError(props: { error: unknown; shown?: string[] }) {
  if (!props.error) return null
  const fields = fieldErrorsOf(props.error)
  const names = Object.keys(fields)
  const isShown = (k: string) => (props.shown ?? []).some((s) => k === s || k.startsWith(`${s}.`) || k.startsWith(`${s}[`))
  const unshown = Object.entries(fields).filter(([k]) => !isShown(k))
  const message =
    names.length === 0
      ? props.error instanceof Error
        ? props.error.message
        : String(props.error)
      : `${names.length === 1 ? '1 field needs' : `${names.length} fields need`} attention${unshown.length < names.length ? ': see the messages under the fields marked below.' : '.'}`
  return (
    <div class="banner banner-error" role="alert">
      <strong>{message}</strong>
      {unshown.length > 0 ? (
        <ul>
          {unshown.map(([k, v]) => (
            <li>
              <code>{k}</code> {v}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
