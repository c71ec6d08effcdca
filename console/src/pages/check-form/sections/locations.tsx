/** Where a check (or a group's checks) runs: data-center locations and the account's private locations. */
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { errorFor } from '../../../ui/form'
import { list, type SectionProps } from '../draft-path'

function toggle(values: string[], value: string, on: boolean): string[] {
  return on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value)
}

function Choices(props: {
  legend: string
  path: string
  items: Array<{ value: string; label: string }>
  chosen: string[]
  onChange: (v: string[]) => void
  errors: SectionProps['errors']
  /** One line under the choices, e.g. why some are not offered. */
  note?: string
}) {
  const error = errorFor(props.errors, props.path)
  return (
    <fieldset class={`cf-choices${error ? ' field-invalid' : ''}`} data-field={props.path}>
      <legend>{props.legend}</legend>
      <div class="cf-choice-grid">
        {props.items.map((i) => (
          <label class="cf-choice">
            <input type="checkbox" checked={props.chosen.includes(i.value)} onChange={(e) => props.onChange(toggle(props.chosen, i.value, e.currentTarget.checked))} /> {i.label}
          </label>
        ))}
      </div>
      {props.note ? <small class="hint">{props.note}</small> : null}
      {error ? (
        <small class="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  )
}

/**
 * The data-center locations offered: the ones this installation serves (GET /v1/locations marks them), and any
 * other one the check already names, so it can be seen and unticked. The rest are left out, said in one line.
 */
export function offeredLocations(all: ReadonlyArray<{ region: string; name: string; served?: boolean }>, chosen: readonly string[]) {
  const offered = all.filter((l) => l.served !== false || chosen.includes(l.region))
  return {
    items: offered.map((l) => ({ value: l.region, label: l.served === false ? `${l.name} (${l.region}, not served here)` : `${l.name} (${l.region})` })),
    hidden: all.length - offered.length,
  }
}

export function LocationsFields(props: SectionProps) {
  const publicLocations = useApi(picketApi.reference.locations())
  const privateLocations = useApi(picketApi.privateLocations.list())
  const chosen = list<string>(props.draft, 'locations')
  const chosenPrivate = list<string>(props.draft, 'privateLocations')
  const privateItems = (privateLocations.data?.rows ?? []).map((p) => ({ value: p.slugName, label: `${p.name} (${p.slugName})` }))
  // A location named by id (the API accepts both) shows as chosen too.
  const privateChosen = chosenPrivate.map((n) => privateLocations.data?.rows.find((p) => p.id === n)?.slugName ?? n)
  const offered = offeredLocations(publicLocations.data ?? [], chosen)
  return (
    <>
      {publicLocations.isLoading ? <p class="muted">Loading locations…</p> : null}
      {publicLocations.error ? <p class="field-error">Locations could not be loaded: {publicLocations.error.message}</p> : null}
      {publicLocations.data ? (
        <Choices
          legend="Locations"
          path="locations"
          errors={props.errors}
          items={offered.items}
          chosen={chosen}
          onChange={(v) => props.set('locations', v)}
          note={
            offered.hidden > 0
              ? `Only the locations this installation runs checks from are offered; ${offered.hidden} other data-center locations are not served here. With none chosen, the check runs from this installation's default location.`
              : undefined
          }
        />
      ) : null}
      {privateItems.length > 0 ? (
        <Choices
          legend="Private locations"
          path="privateLocations"
          errors={props.errors}
          items={privateItems}
          chosen={privateChosen}
          onChange={(v) => props.set('privateLocations', v)}
        />
      ) : null}
      {privateLocations.error ? <p class="field-error">Private locations could not be loaded: {privateLocations.error.message}</p> : null}
    </>
  )
}
