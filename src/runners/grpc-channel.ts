/**
 * One gRPC connection for one run: the target's name is resolved here under the egress policy, and the channel
 * dials the address it resolved to (the name stays the authority and the TLS server name), so no connection goes
 * where the policy forbids. Each run has a channel of its own (a local subchannel pool): its connection time is
 * this run's, and closing it frees the connection.
 */
import grpc from '@grpc/grpc-js'
import { isIP, isIPv6 } from 'node:net'
import { performance } from 'node:perf_hooks'
import { mapNetworkError, type NetFailure } from './net-errors.js'
import { resolveAllowed, type EgressGuard } from './egress-guard.js'

/** The largest message a run reads (a response, or a reflection answer). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024

export interface ChannelTarget {
  host: string
  port: number
  family: 4 | 6
  tls: boolean
  /** Over TLS: accept any certificate. */
  skipSSL: boolean
}

export interface OpenChannel {
  channel: grpc.Channel
  /** Address:port dialled (also what clients on this channel are built with). */
  address: string
  resolvedIp: string
  credentials: grpc.ChannelCredentials
  /** performance.now() when the name was resolved and when the connection became ready (once it has). */
  resolvedAt: number
  readyAt(): number | undefined
  close(): void
}

const hostPort = (host: string, port: number) => (isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`)

function credentialsOf(t: ChannelTarget): grpc.ChannelCredentials {
  if (!t.tls) return grpc.credentials.createInsecure()
  return grpc.credentials.createSsl(null, null, null, t.skipSSL ? { rejectUnauthorized: false, checkServerIdentity: () => undefined } : {})
}

/** Records the moment the channel first reaches READY; the watch ends with the channel. */
function watchReady(channel: grpc.Channel, onReady: (at: number) => void): void {
  const watch = (last: grpc.connectivityState) => {
    if (last === grpc.connectivityState.READY) return onReady(performance.now())
    if (last === grpc.connectivityState.SHUTDOWN) return
    channel.watchConnectivityState(last, Infinity, (err) => {
      if (!err) watch(channel.getConnectivityState(false))
    })
  }
  watch(channel.getConnectivityState(false))
}

export async function openChannel(t: ChannelTarget, egress: EgressGuard): Promise<OpenChannel | { error: NetFailure }> {
  const name = t.host.replace(/^\[(.*)\]$/, '$1')
  const resolved = await resolveAllowed(egress, name, t.family)
  if ('error' in resolved) return { error: mapNetworkError(resolved.error) }
  const resolvedAt = performance.now()
  const address = hostPort(resolved.address, t.port)
  const credentials = credentialsOf(t)
  const channel = new grpc.Channel(address, credentials, {
    'grpc.default_authority': hostPort(name, t.port),
    // A name (never an address: TLS sends no address as the server name) is what the certificate must match.
    ...(t.tls && isIP(name) === 0 ? { 'grpc.ssl_target_name_override': name } : {}),
    'grpc.use_local_subchannel_pool': 1,
    'grpc.enable_retries': 0,
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  })
  let ready: number | undefined
  watchReady(channel, (at) => (ready = at))
  return { channel, address, resolvedIp: resolved.address, credentials, resolvedAt, readyAt: () => ready, close: () => channel.close() }
}

/** The network failure behind an UNAVAILABLE call that never reached the server (refused, reset, TLS, unreachable). */
export function connectionFailure(details: string): NetFailure {
  const code = /\b(E[A-Z]{3,})\b/.exec(details)?.[1] ?? null
  const failure = mapNetworkError(Object.assign(new Error(details), code ? { code } : {}))
  return failure
}
