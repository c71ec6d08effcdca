/** The Analytics tab's metric choice: plain words grouped by what they measure, the API's code name shown beneath. */
import { Field } from '../../../ui/form'
import { groupMetrics } from './metric-labels'

export function MetricSelect(props: { metrics: ReadonlyArray<{ name: string; label: string }>; value: string; onValue: (name: string) => void }) {
  const groups = groupMetrics(props.metrics)
  return (
    <Field label="Metric" path="metrics" errors={{}} hint={<span class="mono">API name: {props.value}</span>}>
      {(id, describedBy) => (
        <select id={id} name="metrics" value={props.value} aria-describedby={describedBy} onChange={(e) => props.onValue(e.currentTarget.value)}>
          {groups.map((g) => (
            <optgroup label={g.group}>
              {g.choices.map((c) => (
                <option value={c.name} title={c.name}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  )
}
