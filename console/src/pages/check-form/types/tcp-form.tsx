/** TCP monitor: host, port, optional data to send, and assertions on the reply. */
import { TextArea } from '../../../ui/form'
import { list, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { HostPortFields } from '../sections/host-port'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

export function TcpForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Connection</legend>
        <HostPortFields {...props} hostPath="request.hostname" hostLabel="Hostname" placeholder="db.example.com" portPath="request.port" portRequired />
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
