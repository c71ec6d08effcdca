/** DNS monitor: the query, record type, name server and protocol, with assertions on the answer. */
import { NumberField, SelectField, TextField } from '../../../ui/form'
import { list, num, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
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
        <div class="row">
          <TextField
            label="DNS server"
            path="request.nameServer"
            errors={props.errors}
            value={str(props.draft, 'request.nameServer')}
            placeholder="1.1.1.1"
            maxLength={100}
            hint="Optional name server (host or IP, optionally :port). Empty: the system resolver."
            onValue={(v) => props.set('request.nameServer', v === '' ? null : v)}
          />
          <NumberField
            label="Port"
            path="request.port"
            errors={props.errors}
            value={num(props.draft, 'request.port')}
            min={1}
            max={65535}
            hint="Default 53"
            onNumber={(n) => props.set('request.port', n)}
          />
          <SelectField
            label="Protocol"
            path="request.protocol"
            errors={props.errors}
            value={str(props.draft, 'request.protocol', 'UDP')}
            options={['UDP', 'TCP']}
            onValue={(v) => props.set('request.protocol', v)}
          />
        </div>
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
