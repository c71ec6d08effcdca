/** How often a check runs: the API's allowed minutes, sub-minute runs through frequencyOffset, and the offset rule. */
import { NumberField, SelectField } from '../../../ui/form'
import { num, type SectionProps } from '../draft-path'
import { offsetHint, offsetRange } from '../rules'

const label = (minutes: number): string => {
  if (minutes < 60) return minutes === 1 ? 'Every minute' : `Every ${minutes} minutes`
  if (minutes < 1440) return minutes === 60 ? 'Every hour' : `Every ${minutes / 60} hours`
  return 'Every day'
}

/** Frequency 0 runs every frequencyOffset seconds (10, 20 or 30); others run every `frequency` minutes. */
function options(frequencies: readonly number[]) {
  return frequencies.flatMap((f) => (f === 0 ? [10, 20, 30].map((s) => ({ value: `0:${s}`, label: `Every ${s} seconds` })) : [{ value: String(f), label: label(f) }]))
}

export function FrequencyFields(props: SectionProps & { frequencies: readonly number[] }) {
  const frequency = num(props.draft, 'frequency') ?? 10
  const offset = num(props.draft, 'frequencyOffset')
  const value = frequency === 0 ? `0:${offset ?? 10}` : String(frequency)
  const opts = options(props.frequencies)
  if (!opts.some((o) => o.value === value)) opts.push({ value, label: `Every ${frequency} minutes (not offered for this type)` })
  const choose = (v: string) => {
    if (v.startsWith('0:')) {
      props.set('frequency', 0)
      props.set('frequencyOffset', Number(v.slice(2)))
    } else {
      props.set('frequency', Number(v))
      // Left out, the API keeps a stored offset that still fits or spreads a new one over the valid range.
      props.set('frequencyOffset', undefined)
    }
  }
  const range = offsetRange(frequency)
  return (
    <div class="row">
      <SelectField label="Frequency" path="frequency" errors={props.errors} value={value} options={opts} onValue={choose} />
      {frequency === 0 ? null : (
        <NumberField
          label="Schedule offset"
          path="frequencyOffset"
          errors={props.errors}
          value={offset}
          min={range.min}
          max={range.max}
          hint={offsetHint(frequency)}
          onNumber={(n) => props.set('frequencyOffset', n)}
        />
      )}
    </div>
  )
}
