/** Choosing the affected services of an incident from the account's status page services. */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { CheckboxField, errorFor, type FieldErrors } from '../../../ui/form'
import { ErrorBanner, Loading } from '../../../ui/kit'

export function ServicesPicker(props: { value: string[]; onChange: (ids: string[]) => void; errors: FieldErrors }) {
  const list = useApi(picketApi.services.list({ limit: 100 }))
  const error = errorFor(props.errors, 'services')
  return (
    <fieldset>
      <legend>Affected services</legend>
      {list.isLoading ? <Loading /> : null}
      <ErrorBanner error={list.error} title="Could not load the services" />
      {list.data && list.data.rows.length === 0 ? <p class="muted small">No services yet: add them on the status pages list first.</p> : null}
      <div class="check-grid">
        {(list.data?.rows ?? []).map((s) => (
          <CheckboxField
            label={s.name}
            path={`services.${s.id}`}
            errors={{}}
            checked={props.value.includes(s.id)}
            onChecked={(on) => props.onChange(on ? [...props.value, s.id] : props.value.filter((id) => id !== s.id))}
          />
        ))}
      </div>
      {error ? (
        <p class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
