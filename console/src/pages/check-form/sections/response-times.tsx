/** Degraded and maximum response time (milliseconds), for the types that have them. */
import { NumberField } from '../../../ui/form'
import { num, type SectionProps } from '../draft-path'

export function ResponseTimeFields(props: SectionProps & { cap: number }) {
  return (
    <div class="row">
      <NumberField
        label="Degraded after (ms)"
        path="degradedResponseTime"
        errors={props.errors}
        value={num(props.draft, 'degradedResponseTime')}
        min={0}
        max={props.cap}
        hint={`From 0 to ${props.cap} ms, below “Failed after”: slower responses show as degraded.`}
        onNumber={(n) => props.set('degradedResponseTime', n)}
      />
      <NumberField
        label="Failed after (ms)"
        path="maxResponseTime"
        errors={props.errors}
        value={num(props.draft, 'maxResponseTime')}
        min={0}
        max={props.cap}
        hint={`From 0 to ${props.cap} ms: slower responses fail the check.`}
        onNumber={(n) => props.set('maxResponseTime', n)}
      />
    </div>
  )
}
