/** API check: the request builder, assertions, response times and setup/teardown scripts. */
import { list, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { PhaseScripts } from '../sections/phase-scripts'
import { RequestBuilder } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'

export function ApiForm(props: SectionProps) {
  return (
    <>
      <RequestBuilder {...props} />
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.api}
      />
      <fieldset>
        <legend>Response time</legend>
        <ResponseTimeFields {...props} cap={30000} />
      </fieldset>
      <PhaseScripts {...props} />
    </>
  )
}
