/**
 * gRPC monitor: host and port, TLS, the health protocol or one unary call (its types from server reflection or a
 * pasted .proto file, its message as JSON), metadata, a deadline, and assertions on the status and the response.
 */
import { CheckboxField, NumberField, SelectField, TextArea, TextField } from '../../../ui/form'
import { bool, list, num, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { KeyValueRows, type KeyValue } from '../sections/key-values'
import { HostPortFields } from '../sections/host-port'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

const MODES = [
  { value: 'HEALTH', label: 'Health check (grpc.health.v1)' },
  { value: 'BEHAVIOR', label: 'Call a method' },
] as const
const DEFINITIONS = [
  { value: 'REFLECTION', label: 'Server reflection' },
  { value: 'PROTO_FILE', label: '.proto file' },
] as const

function CallFields(props: SectionProps) {
  const c = 'request.grpcConfig'
  const definition = str(props.draft, `${c}.serviceDefinition`, 'REFLECTION')
  return (
    <>
      <div class="row">
        <TextField
          label="Method"
          path={`${c}.method`}
          errors={props.errors}
          value={str(props.draft, `${c}.method`)}
          placeholder="shop.Inventory/GetItem"
          required
          maxLength={1024}
          hint="package.Service/Method; a unary method."
          onValue={(v) => props.set(`${c}.method`, v === '' ? null : v)}
        />
        <SelectField
          label="Service definition"
          path={`${c}.serviceDefinition`}
          errors={props.errors}
          value={definition as (typeof DEFINITIONS)[number]['value']}
          options={DEFINITIONS}
          onValue={(v) => props.set(`${c}.serviceDefinition`, v)}
        />
      </div>
      {definition === 'PROTO_FILE' ? (
        <TextArea
          label=".proto file"
          path={`${c}.protoContent`}
          errors={props.errors}
          value={str(props.draft, `${c}.protoContent`)}
          rows={8}
          mono
          hint="One file; it may import only the well-known types (google/protobuf/*.proto)."
          onValue={(v) => props.set(`${c}.protoContent`, v === '' ? null : v)}
        />
      ) : null}
      <TextArea
        label="Request message (JSON)"
        path={`${c}.message`}
        errors={props.errors}
        value={str(props.draft, `${c}.message`)}
        rows={4}
        mono
        hint="The request as JSON; {{VARIABLES}} are filled in when it runs."
        onValue={(v) => props.set(`${c}.message`, v === '' ? null : v)}
      />
    </>
  )
}

export function GrpcForm(props: SectionProps) {
  const c = 'request.grpcConfig'
  const mode = str(props.draft, `${c}.mode`, 'HEALTH')
  return (
    <>
      <fieldset>
        <legend>Server</legend>
        <HostPortFields {...props} hostPath="request.url" placeholder="grpc.example.com" portPath="request.port" portRequired />
        <div class="row">
          <CheckboxField label="Use TLS" path={`${c}.tls`} errors={props.errors} checked={bool(props.draft, `${c}.tls`)} onChecked={(v) => props.set(`${c}.tls`, v)} />
          <CheckboxField
            label="Accept any certificate"
            path="request.skipSSL"
            errors={props.errors}
            checked={bool(props.draft, 'request.skipSSL')}
            onChecked={(v) => props.set('request.skipSSL', v)}
          />
        </div>
        <NumberField
          label="Deadline (seconds)"
          path="request.timeout"
          errors={props.errors}
          value={num(props.draft, 'request.timeout')}
          min={1}
          max={30}
          hint="Default 10."
          onNumber={(n) => props.set('request.timeout', n)}
        />
        <IpFamilyField {...props} path="request.ipFamily" />
      </fieldset>
      <fieldset>
        <legend>Call</legend>
        <SelectField
          label="Mode"
          path={`${c}.mode`}
          errors={props.errors}
          value={mode as (typeof MODES)[number]['value']}
          options={MODES}
          onValue={(v) => props.set(`${c}.mode`, v)}
        />
        {mode === 'BEHAVIOR' ? (
          <CallFields {...props} />
        ) : (
          <TextField
            label="Service"
            path={`${c}.service`}
            errors={props.errors}
            value={str(props.draft, `${c}.service`)}
            placeholder="shop.Inventory"
            maxLength={1024}
            hint="The service whose health to ask for; empty: the whole server."
            onValue={(v) => props.set(`${c}.service`, v === '' ? null : v)}
          />
        )}
        <KeyValueRows
          title="Metadata"
          noun="metadata entry"
          path={`${c}.metadata`}
          rows={list<KeyValue>(props.draft, `${c}.metadata`)}
          onRows={(r) => props.set(`${c}.metadata`, r)}
          errors={props.errors}
        />
        <ResponseTimeFields {...props} cap={30000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.grpc}
      />
    </>
  )
}
