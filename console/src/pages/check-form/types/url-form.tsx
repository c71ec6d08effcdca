/** URL monitor: a GET of one address with status-code assertions. */
import { CheckboxField, TextField } from '../../../ui/form'
import { bool, list, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

export function UrlForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Request</legend>
        <TextField
          label="URL"
          path="request.url"
          errors={props.errors}
          value={str(props.draft, 'request.url')}
          inputMode="url"
          placeholder="https://www.example.com"
          required
          maxLength={2048}
          onValue={(v) => props.set('request.url', v)}
        />
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
        <ResponseTimeFields {...props} cap={30000} />
      </fieldset>
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.url}
      />
    </>
  )
}
