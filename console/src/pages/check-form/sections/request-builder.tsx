/** The API check's request: method, URL, query parameters, headers, body, basic auth and connection options. */
import { CheckboxField, SelectField, TextArea, TextField } from '../../../ui/form'
import { bool, getIn, list, str, type Doc, type SectionProps } from '../draft-path'
import { KeyValueRows, type KeyValue } from './key-values'

const METHODS = ['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'PATCH', 'OPTIONS'] as const
const BODY_TYPES = [
  { value: 'NONE', label: 'None' },
  { value: 'JSON', label: 'JSON' },
  { value: 'FORM', label: 'Form (URL-encoded)' },
  { value: 'RAW', label: 'Raw text' },
  { value: 'GRAPHQL', label: 'GraphQL' },
] as const

export function IpFamilyField(props: SectionProps & { path: string }) {
  return (
    <SelectField
      label="IP family"
      path={props.path}
      errors={props.errors}
      value={str(props.draft, props.path, 'IPv4')}
      options={['IPv4', 'IPv6']}
      onValue={(v) => props.set(props.path, v)}
    />
  )
}

function BasicAuthFields(props: SectionProps & { path: string }) {
  const raw = getIn(props.draft, props.path)
  const auth = raw !== null && typeof raw === 'object' ? (raw as Doc) : null
  return (
    <>
      <CheckboxField
        label="Use basic authentication"
        path={props.path}
        errors={props.errors}
        checked={auth !== null}
        onChecked={(v) => props.set(props.path, v ? { username: '', password: '' } : null)}
      />
      {auth ? (
        <div class="row">
          <TextField
            label="Basic auth user"
            path={`${props.path}.username`}
            errors={props.errors}
            value={str(props.draft, `${props.path}.username`)}
            autoComplete="off"
            onValue={(v) => props.set(`${props.path}.username`, v)}
          />
          <TextField
            label="Basic auth password"
            path={`${props.path}.password`}
            errors={props.errors}
            type="password"
            autoComplete="new-password"
            value={str(props.draft, `${props.path}.password`)}
            onValue={(v) => props.set(`${props.path}.password`, v)}
          />
        </div>
      ) : null}
    </>
  )
}

/** Headers, query parameters and basic auth: shared by API checks and a group's API check defaults. */
export function RequestExtras(props: SectionProps & { base: string }) {
  const p = (k: string) => `${props.base}.${k}`
  return (
    <>
      <KeyValueRows
        title="Query parameters"
        noun="Query parameter"
        path={p('queryParameters')}
        rows={list<KeyValue>(props.draft, p('queryParameters'))}
        onRows={(r) => props.set(p('queryParameters'), r)}
        errors={props.errors}
      />
      <KeyValueRows
        title="Headers"
        noun="Header"
        path={p('headers')}
        rows={list<KeyValue>(props.draft, p('headers'))}
        onRows={(r) => props.set(p('headers'), r)}
        errors={props.errors}
      />
      <BasicAuthFields {...props} path={p('basicAuth')} />
    </>
  )
}

export function RequestBuilder(props: SectionProps) {
  const bodyType = str(props.draft, 'request.bodyType', 'NONE')
  return (
    <fieldset>
      <legend>Request</legend>
      <div class="cf-url-row">
        <SelectField
          label="Method"
          path="request.method"
          errors={props.errors}
          value={str(props.draft, 'request.method', 'GET')}
          options={METHODS}
          onValue={(v) => props.set('request.method', v)}
        />
        <TextField
          label="URL"
          path="request.url"
          errors={props.errors}
          value={str(props.draft, 'request.url')}
          type="text"
          inputMode="url"
          placeholder="https://api.example.com/health"
          required
          maxLength={2048}
          onValue={(v) => props.set('request.url', v)}
        />
      </div>
      <RequestExtras {...props} base="request" />
      <SelectField label="Body type" path="request.bodyType" errors={props.errors} value={bodyType} options={BODY_TYPES} onValue={(v) => props.set('request.bodyType', v)} />
      {bodyType === 'NONE' ? null : (
        <TextArea label="Body" path="request.body" errors={props.errors} value={str(props.draft, 'request.body')} rows={6} mono onValue={(v) => props.set('request.body', v)} />
      )}
      <div class="row">
        <CheckboxField
          label="Follow redirects"
          path="request.followRedirects"
          errors={props.errors}
          checked={bool(props.draft, 'request.followRedirects', true)}
          onChecked={(v) => props.set('request.followRedirects', v)}
        />
        <CheckboxField
          label="Skip SSL certificate verification"
          path="request.skipSSL"
          errors={props.errors}
          checked={bool(props.draft, 'request.skipSSL')}
          onChecked={(v) => props.set('request.skipSSL', v)}
        />
      </div>
      <IpFamilyField {...props} path="request.ipFamily" />
    </fieldset>
  )
}
