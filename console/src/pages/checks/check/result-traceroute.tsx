/**
 * The route a traceroute run found: whether it reached the host, the final hop's latency, and a table of hops
 * (number, address, name, the round-trip time of each probe, loss). A silent probe shows as "*", as traceroute does.
 */
import { formatMs } from '../../../lib/format'
import { Card, TableWrap } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { Facts, asRecord, text } from './result-parts'

const TRUNCATION: Record<string, string> = {
  MAX_HOPS: 'the maximum number of hops was reached',
  UNREACHABLE: 'the host did not answer',
  MAX_UNKNOWN_HOPS: 'too many hops in a row did not answer',
  TIMEOUT: 'the time limit was reached',
}

const ms = (v: unknown): string => (typeof v === 'number' ? formatMs(v) : '–')

function latencyText(v: unknown): string {
  const l = asRecord(v)
  if (typeof l.avg !== 'number') return ''
  return `${formatMs(l.avg)} average (${formatMs(l.min as number)} min, ${formatMs(l.max as number)} max, ${formatMs(l.stdDev as number)} std. dev.)`
}

function HopRow(props: { hop: Record<string, unknown>; probeCount: number }) {
  const h = props.hop
  const probes = Array.isArray(h.probes) ? h.probes.map(asRecord) : []
  // A probe answered by another router than the hop's first shows that address beside its time.
  const others = probes.filter((p) => p.address && p.address !== h.address).map((p) => text(p.address))
  return (
    <tr>
      <th scope="row">{text(h.hop)}</th>
      <td class="mono">{h.address ? text(h.address) : '*'}</td>
      <td class="wrap-cell">
        {h.name ? text(h.name) : '–'}
        {others.length > 0 ? <div class="muted small">also {[...new Set(others)].join(', ')}</div> : null}
      </td>
      {Array.from({ length: props.probeCount }, (_, i) => (
        <td class="num">{probes[i] ? (typeof probes[i]?.rtt === 'number' ? ms(probes[i]?.rtt) : '*') : ''}</td>
      ))}
      <td class="num">{typeof h.packetLoss === 'number' ? `${h.packetLoss}%` : ''}</td>
    </tr>
  )
}

export function TracerouteExchange(props: { d: ResultDetails }) {
  const req = asRecord(props.d.request)
  const res = props.d.response ? asRecord(props.d.response) : null
  const hops = Array.isArray(res?.hops) ? (res.hops as unknown[]).map(asRecord) : []
  const probeCount = Math.max(3, ...hops.map((h) => (Array.isArray(h.probes) ? h.probes.length : 0)))
  const reached = res?.destinationReached === true
  return (
    <Card title="Route">
      <Facts
        items={[
          ['Destination', `${text(res?.hostname ?? req.hostname)}${res?.resolvedIp ? ` (${text(res.resolvedIp)})` : ''}`],
          ['Probes', `${text(res?.probeProtocol ?? req.protocol)}${req.port !== null && req.port !== undefined && req.protocol !== 'ICMP' ? ` to port ${text(req.port)}` : ''}`],
          ['Reached', res ? (reached ? `Yes, in ${text(res.totalHops)} hops` : `No: ${TRUNCATION[text(res.truncationReason)] ?? text(res.truncationReason)}`) : ''],
          ['Final hop latency', latencyText(res?.finalHopLatency)],
        ]}
      />
      {!res ? <p class="field-error">{text(props.d.requestError) || 'The trace did not run.'}</p> : null}
      {hops.length > 0 ? (
        <TableWrap label="Hops">
          <table class="hops">
            <caption class="visually-hidden">Hops on the route, nearest first</caption>
            <thead>
              <tr>
                <th scope="col">Hop</th>
                <th scope="col">Address</th>
                <th scope="col">Name</th>
                {Array.from({ length: probeCount }, (_, i) => (
                  <th scope="col" class="num">
                    Probe {i + 1}
                  </th>
                ))}
                <th scope="col" class="num">
                  Loss
                </th>
              </tr>
            </thead>
            <tbody>
              {hops.map((h) => (
                <HopRow hop={h} probeCount={probeCount} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </Card>
  )
}
