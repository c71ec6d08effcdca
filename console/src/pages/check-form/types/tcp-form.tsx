/** TCP monitor: host, port, optional data to send, and assertions on the reply. */
import { NumberField, TextArea, TextField } from '../../../ui/form'
import { list, num, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

export function TcpForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Connection</legend>
        <div class="row">
          <TextField
            label="Hostname"
            path="request.hostname"
            errors={props.errors}
            value={str(props.draft, 'request.hostname')}
            placeholder="db.example.com"
            required
            maxLength={2048}
            hint="Host name or IP address, without scheme or port."
            onValue={(v) => props.set('request.hostname', v)}
          />
          <NumberField
            label="Port"
            path="request.port"
            errors={props.errors}
            value={num(props.draft, 'request.port')}
            min={1}
            max={65535}
            required
            onNumber={(n) => props.set('request.port', n)}
          />
        </div>
        <TextArea
          label="Data to send"
          path="request.data"
          errors={props.errors}
          value={str(props.draft, 'request.data')}
          rows={3}
          mono
          hint="Optional: sent after connecting; the reply is what RESPONSE_DATA assertions read."
          onValue={(v) => props.set('request.data', v === '' ? null : v)}
        />
        <IpFamilyField {...props} path="request.ipFamily" />
        <ResponseTimeFields {...props} cap={30000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.tcp}
      />
    </>
  )
}
