/** What a gRPC run called and got back: the method, the status, the health status, the response message and metadata. */
import { Card } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { BodyPreview, Facts, HeadersTable, asRecord, text } from './result-parts'

export function GrpcExchange(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  const metadata = Array.isArray(res?.metadata) ? Object.fromEntries((res.metadata as Array<{ key?: unknown; value?: unknown }>).map((m) => [text(m.key), text(m.value)])) : {}
  const methods = Array.isArray(res?.discoveredMethods) ? (res.discoveredMethods as unknown[]).map(text) : []
  return (
    <Card title="Call and response">
      <Facts
        items={[
          ['Server', `${text(req.host)}:${text(req.port)}${res?.resolvedIp ? ` (${text(res.resolvedIp)})` : ''}${req.tls ? ', TLS' : ', plaintext'}`],
          ['Method', text(req.grpcMethod)],
          ['Status', res ? `${text(res.grpcStatusCode)}${res.grpcStatusMessage ? ` ${text(res.grpcStatusMessage)}` : ''}` : ''],
          ['Health status', res?.healthStatusLabel ? text(res.healthStatusLabel) : ''],
        ]}
      />
      {text(req.message) !== '' ? <BodyPreview body={req.message} label="Request message" /> : null}
      {res ? (
        <>
          <BodyPreview body={res.responseMessage} label="Response message" />
          <h3>Response metadata</h3>
          <HeadersTable headers={metadata} caption="Response metadata" />
          {methods.length > 0 ? <Facts items={[['Methods found by reflection', methods.join(', ')]]} /> : null}
        </>
      ) : (
        <p class="field-error">{text(props.d.requestError) || 'The call failed.'}</p>
      )}
    </Card>
  )
}
