/** Scheduling of a check: frequency, locations, parallel runs and the double check. */
import { CheckboxField } from '../../../ui/form'
import { bool, type SectionProps } from '../draft-path'
import { FrequencyFields } from './frequency'
import { LocationsFields } from './locations'

export function SchedulingSection(props: SectionProps & { frequencies: readonly number[] }) {
  return (
    <fieldset>
      <legend>Scheduling and locations</legend>
      <FrequencyFields {...props} />
      <LocationsFields {...props} />
      <CheckboxField
        label="Run in parallel"
        path="runParallel"
        errors={props.errors}
        checked={bool(props.draft, 'runParallel')}
        onChecked={(v) => props.set('runParallel', v)}
        hint="Run from every chosen location at once, instead of one location per run in turn."
      />
      {'doubleCheck' in props.draft ? (
        <CheckboxField
          label="Double check"
          path="doubleCheck"
          errors={props.errors}
          checked={bool(props.draft, 'doubleCheck', true)}
          onChecked={(v) => props.set('doubleCheck', v)}
          hint="Deprecated: choose a retry strategy below instead. Kept for checks that already use it."
        />
      ) : null}
    </fieldset>
  )
}
