/** Sections only groups have: how many checks run at once, parallel runs, and defaults for the group's API checks. */
import { NumberField, SelectField, TextField } from '../../ui/form'
import { getIn, list, num, str, type SectionProps } from '../check-form/draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../check-form/sections/assertions'
import { LocationsFields } from '../check-form/sections/locations'
import { RequestExtras } from '../check-form/sections/request-builder'

export function GroupRunSection(props: SectionProps) {
  const parallel = getIn(props.draft, 'runParallel')
  return (
    <fieldset>
      <legend>Runs and locations</legend>
      <div class="row">
        <NumberField
          label="Concurrency"
          path="concurrency"
          errors={props.errors}
          value={num(props.draft, 'concurrency')}
          min={1}
          max={100}
          hint="1 to 100 checks at once when the group is triggered from CI or the API."
          onNumber={(n) => props.set('concurrency', n)}
        />
        <SelectField
          label="Parallel runs"
          path="runParallel"
          errors={props.errors}
          value={parallel === true ? 'true' : parallel === false ? 'false' : ''}
          options={[
            { value: '', label: "Each check's own setting" },
            { value: 'true', label: 'From every location at once' },
            { value: 'false', label: 'One location per run, in turn' },
          ]}
          onValue={(v) => props.set('runParallel', v === '' ? null : v === 'true')}
        />
      </div>
      <p class="muted small">Locations chosen here replace those of the group's checks; none chosen: each check keeps its own.</p>
      <LocationsFields {...props} />
    </fieldset>
  )
}

export function ApiDefaultsSection(props: SectionProps) {
  const base = 'apiCheckDefaults'
  return (
    <fieldset>
      <legend>API check defaults</legend>
      <p class="muted small">Added to every API check of the group.</p>
      <TextField
        label="Base URL"
        path={`${base}.url`}
        errors={props.errors}
        value={str(props.draft, `${base}.url`)}
        placeholder="https://api.example.com"
        maxLength={2048}
        hint="Checks use it as {{GROUP_BASE_URL}}."
        onValue={(v) => props.set(`${base}.url`, v)}
      />
      <RequestExtras {...props} base={base} />
      <AssertionRows
        path={`${base}.assertions`}
        rows={list<Assertion>(props.draft, `${base}.assertions`)}
        onRows={(r) => props.set(`${base}.assertions`, r)}
        errors={props.errors}
        {...ASSERTION_SETS.api}
      />
    </fieldset>
  )
}
