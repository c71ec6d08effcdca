/** DNS monitor: the query, record type, name server and protocol, with assertions on the answer. */
import { SelectField, TextField } from '../../../ui/form'
import { list, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { HostPortFields } from '../sections/host-port'
import { ResponseTimeFields } from '../sections/response-times'

const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'] as const

export function DnsForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Query</legend>
        <div class="row">
          <TextField
            label="Domain to query"
            path="request.query"
            errors={props.errors}
            value={str(props.draft, 'request.query')}
            placeholder="example.com"
            required
            maxLength={100}
            onValue={(v) => props.set('request.query', v)}
          />
          <SelectField
            label="Record type"
            path="request.recordType"
            errors={props.errors}
            value={str(props.draft, 'request.recordType', 'A')}
            options={RECORD_TYPES}
            onValue={(v) => props.set('request.recordType', v)}
          />
        </div>
        <HostPortFields
          {...props}
          hostPath="request.nameServer"
          hostLabel="DNS server"
          placeholder="1.1.1.1"
          optionalHost
          hostMaxLength={100}
          hostHint="Optional name server (host or IP, optionally :port). Empty: the system resolver."
          portPath="request.port"
          portHint="Default 53"
        >
          <SelectField
            label="Protocol"
            path="request.protocol"
            errors={props.errors}
            value={str(props.draft, 'request.protocol', 'UDP')}
            options={['UDP', 'TCP']}
            onValue={(v) => props.set('request.protocol', v)}
          />
        </HostPortFields>
        <ResponseTimeFields {...props} cap={5000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.dns}
      />
    </>
  )
}
