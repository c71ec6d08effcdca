/** ICMP monitor: host, ping count and IP family, latency assertions and packet-loss thresholds. */
import { NumberField } from '../../../ui/form'
import { list, num, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { HostPortFields } from '../sections/host-port'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

export function IcmpForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Ping</legend>
        <HostPortFields {...props} hostPath="request.hostname" hostLabel="Hostname" placeholder="example.com" hostHint="Host name or IP address.">
          <NumberField
            label="Ping count"
            path="request.pingCount"
            errors={props.errors}
            value={num(props.draft, 'request.pingCount')}
            min={1}
            max={50}
            hint="1 to 50"
            onNumber={(n) => props.set('request.pingCount', n)}
          />
        </HostPortFields>
        <IpFamilyField {...props} path="request.ipFamily" />
        <div class="row">
          <NumberField
            label="Degraded packet loss (%)"
            path="degradedPacketLossThreshold"
            errors={props.errors}
            value={num(props.draft, 'degradedPacketLossThreshold')}
            min={0}
            max={100}
            step="any"
            hint="Above 0, at most 100"
            onNumber={(n) => props.set('degradedPacketLossThreshold', n)}
          />
          <NumberField
            label="Failed packet loss (%)"
            path="maxPacketLossThreshold"
            errors={props.errors}
            value={num(props.draft, 'maxPacketLossThreshold')}
            min={0}
            max={100}
            step="any"
            hint="At least the degraded threshold"
            onNumber={(n) => props.set('maxPacketLossThreshold', n)}
          />
        </div>
        <ResponseTimeFields {...props} cap={300000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.icmp}
      />
    </>
  )
}
