/**
 * Traceroute monitor: the host, how probes are sent (UDP, ICMP or TCP to a port), how far and how long to look,
 * name lookups of the hops, and assertions on the final hop's latency, the hop count and packet loss.
 */
import { CheckboxField, NumberField, SelectField } from '../../../ui/form'
import { bool, list, num, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { HostPortFields } from '../sections/host-port'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

/** SCTP is left out: the API refuses it, as the system traceroute has no SCTP probes. */
const PROTOCOLS = [
  { value: 'UDP', label: 'UDP' },
  { value: 'ICMP', label: 'ICMP echo' },
  { value: 'TCP', label: 'TCP' },
] as const

export function TracerouteForm(props: SectionProps) {
  const protocol = str(props.draft, 'request.protocol', 'UDP')
  return (
    <>
      <fieldset>
        <legend>Route</legend>
        <HostPortFields
          {...props}
          hostPath="request.url"
          placeholder="shop.example.com"
          hostHint="Host name, IP address, or a URL whose host is taken."
          {...(protocol === 'ICMP' ? {} : { portPath: 'request.port', portHint: protocol === 'TCP' ? 'Default 80' : 'Default 33434, one more per probe' })}
        >
          <SelectField
            label="Probe protocol"
            path="request.protocol"
            errors={props.errors}
            value={protocol as (typeof PROTOCOLS)[number]['value']}
            options={PROTOCOLS}
            hint="Three probes per hop."
            onValue={(v) => props.set('request.protocol', v)}
          />
        </HostPortFields>
        <div class="row">
          <NumberField
            label="Max hops"
            path="request.maxHops"
            errors={props.errors}
            value={num(props.draft, 'request.maxHops')}
            min={1}
            max={64}
            hint="1 to 64 (default 30)."
            onNumber={(n) => props.set('request.maxHops', n)}
          />
          <NumberField
            label="Stop after silent hops"
            path="request.maxUnknownHops"
            errors={props.errors}
            value={num(props.draft, 'request.maxUnknownHops')}
            min={1}
            max={30}
            hint="Hops in a row that do not answer, 1 to 30 (default 15)."
            onNumber={(n) => props.set('request.maxUnknownHops', n)}
          />
          <NumberField
            label="Time limit (seconds)"
            path="request.timeout"
            errors={props.errors}
            value={num(props.draft, 'request.timeout')}
            min={1}
            max={30}
            hint="For the whole trace, 1 to 30 (default 10)."
            onNumber={(n) => props.set('request.timeout', n)}
          />
        </div>
        <div class="row">
          <IpFamilyField {...props} path="request.ipFamily" />
          <CheckboxField
            label="Look up the hops' names"
            path="request.ptrLookup"
            errors={props.errors}
            checked={bool(props.draft, 'request.ptrLookup', true)}
            onChecked={(v) => props.set('request.ptrLookup', v)}
          />
        </div>
        <ResponseTimeFields {...props} cap={300000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.traceroute}
      />
    </>
  )
}
