/**
 * What a run sent and received, per check type: HTTP request and response, TCP data, DNS answer, ICMP replies, the
 * gRPC call, the certificate and handshake, the route, and what an agent did.
 */
import { formatBytes, formatMs } from '../../../lib/format'
import { Card } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { BodyPreview, Facts, HeadersTable, asRecord, text } from './result-parts'
import { PingBars } from './waterfall'
import { AgenticRun } from './result-agentic'
import { GrpcExchange } from './result-grpc'
import { SslExchange } from './result-ssl'
import { TracerouteExchange } from './result-traceroute'

function Http(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  // Status 0: the API's way of saying the run got no response (requestError says why).
  const res = props.d.response && asRecord(props.d.response).status !== 0 ? asRecord(props.d.response) : null
  return (
    <>
      <Card title="Request">
        <p class="mono request-line">
          <strong>{text(req.method)}</strong> {text(req.url)}
        </p>
        <h3>Request headers</h3>
        <HeadersTable headers={req.headers} caption="Request headers" />
        {text(req.body) !== '' ? (
          <>
            <h3>Request body</h3>
            <BodyPreview body={req.body} label="Request body" />
          </>
        ) : null}
      </Card>
      <Card title="Response">
        {res ? (
          <>
            <Facts
              items={[
                ['Status', `${text(res.status)} ${text(res.statusText)}`],
                ['URL', text(res.url)],
                ['HTTP version', text(res.httpVersion)],
                ['Remote address', text(res.remoteAddress)],
                ['Body size', typeof res.bodySize === 'number' ? formatBytes(res.bodySize) : ''],
              ]}
            />
            <h3>Response headers</h3>
            <HeadersTable headers={res.headers} caption="Response headers" />
            <h3>Response body</h3>
            <BodyPreview body={res.body} truncated={res.bodyTruncated === true} label="Response body" />
          </>
        ) : (
          <p class="field-error">No response: {props.d.requestError ?? 'the request did not complete.'}</p>
        )}
      </Card>
    </>
  )
}

function Tcp(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  return (
    <Card title="Connection">
      <Facts
        items={[
          ['Host', `${text(req.hostname)}:${text(req.port)}`],
          ['IP family', text(req.ipFamily)],
          ['Remote address', text(res?.remoteAddress)],
          ['Bytes received', text(res?.bytesReceived)],
        ]}
      />
      {text(req.data) !== '' ? <BodyPreview body={req.data} label="Data sent" /> : null}
      {res ? <BodyPreview body={res.data} label="Data received" /> : <p class="field-error">{props.d.requestError ?? 'The connection failed.'}</p>}
    </Card>
  )
}

function Dns(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  return (
    <Card title="Query and answer">
      <Facts
        items={Object.entries(req)
          .filter(([, v]) => typeof v !== 'object')
          .map(([k, v]) => [k, text(v)])}
      />
      {res ? (
        <>
          <Facts
            items={[
              ['Response code', text(res.rcode)],
              ['Bytes', text(res.bytes)],
            ]}
          />
          <BodyPreview body={res.text ?? res.json} label="Answer" />
        </>
      ) : (
        <p class="field-error">{props.d.requestError ?? 'No answer.'}</p>
      )}
    </Card>
  )
}

function Icmp(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  const latency = asRecord(res?.latency)
  const pings = Array.isArray(res?.pingResults) ? (res.pingResults as Array<{ rtt?: number | null; sequence?: number }>) : []
  return (
    <Card title="Echo requests">
      <Facts
        items={[
          ['Host', `${text(req.hostname)}${res?.resolvedIp ? ` (${text(res.resolvedIp)})` : ''}`],
          ['Packets', res ? `${text(res.packetsReceived)} of ${text(res.packetsSent)} received` : ''],
          ['Packet loss', res ? `${text(res.packetLoss)}%` : ''],
          ['Latency min / avg / max', res ? `${formatMs(latency.min as number)} / ${formatMs(latency.avg as number)} / ${formatMs(latency.max as number)}` : ''],
        ]}
      />
      <PingBars pings={pings} />
    </Card>
  )
}

export function Exchange(props: { checkType: string; details: ResultDetails }) {
  switch (props.checkType) {
    case 'API':
    case 'URL':
      return <Http d={props.details} />
    case 'TCP':
      return <Tcp d={props.details} />
    case 'DNS':
      return <Dns d={props.details} />
    case 'ICMP':
      return <Icmp d={props.details} />
    case 'GRPC':
      return <GrpcExchange d={props.details} />
    case 'SSL':
      return <SslExchange d={props.details} />
    case 'TRACEROUTE':
      return <TracerouteExchange d={props.details} />
    case 'AGENTIC':
      return <AgenticRun d={props.details} />
    default:
      return null
  }
}
