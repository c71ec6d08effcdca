/**
 * The two exchanges of a gRPC run over its channel: asking the server's reflection service for the definition of
 * a service, and one unary call with its metadata, deadline and timing (first response headers, status).
 */
import grpc from '@grpc/grpc-js'
import { GrpcReflection } from 'grpc-js-reflection-client'
import { performance } from 'node:perf_hooks'
import type protobuf from 'protobufjs'
import type { ResolvedMethod } from '../domain/checks/grpc-proto.js'
import type { OpenChannel } from './grpc-channel.js'

export interface CallOutcome {
  code: number
  details: string
  /** The response message, when the call returned one. */
  response: Uint8Array | null
  /** Response headers and trailers, keys lower case, binary values as base64. */
  metadata: Record<string, string>
  /** performance.now() when the response headers arrived (absent when none did), and when the status did. */
  headersAt?: number
  statusAt: number
}

function metadataRecord(...all: Array<grpc.Metadata | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const md of all) {
    for (const [key, values] of Object.entries(md?.getMap() ?? {})) {
      out[key.toLowerCase()] = Buffer.isBuffer(values) ? values.toString('base64') : String(values)
    }
  }
  return out
}

export function requestMetadata(items: ReadonlyArray<{ key: string; value: string }>): grpc.Metadata {
  const md = new grpc.Metadata()
  for (const { key, value } of items) {
    const k = key.trim().toLowerCase()
    // Binary keys carry base64 text in the check; gRPC sends them as bytes.
    if (k.endsWith('-bin')) md.add(k, Buffer.from(value, 'base64'))
    else md.add(k, value)
  }
  return md
}

export function unaryCall(open: OpenChannel, method: ResolvedMethod, message: Uint8Array, metadata: grpc.Metadata, deadline: Date, signal?: AbortSignal): Promise<CallOutcome> {
  // The client is the channel's: closing the channel (the run's end) ends it.
  const client = new grpc.Client(open.address, open.credentials, { channelOverride: open.channel })
  return new Promise((resolve) => {
    let headers: grpc.Metadata | undefined
    let headersAt: number | undefined
    let response: Uint8Array | null = null
    let answered = false
    let status: grpc.StatusObject | undefined
    let statusAt = 0
    const settle = () => {
      if (!answered || !status) return
      signal?.removeEventListener('abort', cancel)
      resolve({
        code: status.code,
        details: status.details,
        response,
        metadata: metadataRecord(headers, status.metadata),
        ...(headersAt !== undefined ? { headersAt } : {}),
        statusAt,
      })
    }
    const call = client.makeUnaryRequest<Uint8Array, Buffer>(
      method.path,
      (arg) => Buffer.from(arg),
      (buf) => buf,
      message,
      metadata,
      { deadline },
      (err, value) => {
        answered = true
        if (!err && value) response = value
        settle()
      },
    )
    const cancel = () => call.cancel()
    signal?.addEventListener('abort', cancel, { once: true })
    call.on('metadata', (md: grpc.Metadata) => {
      headers = md
      headersAt = performance.now()
    })
    call.on('status', (s: grpc.StatusObject) => {
      status = s
      statusAt = performance.now()
      settle()
    })
  })
}

/** The definition of `service` from the server's reflection service (v1, or v1alpha where only that is offered). */
export async function reflectService(open: OpenChannel, service: string, metadata: grpc.Metadata, deadline: Date): Promise<protobuf.Root> {
  const ask = async (version: 'v1' | 'v1alpha') => {
    const reflection = new GrpcReflection(open.address, open.credentials, { channelOverride: open.channel }, version)
    const descriptor = await reflection.getDescriptorBySymbol(service, metadata, { deadline })
    return descriptor.getProtobufJsRoot() as unknown as protobuf.Root
  }
  try {
    return await ask('v1')
  } catch (err) {
    if (!/UNIMPLEMENTED|12 /.test(String((err as Error).message ?? err))) throw err
    return ask('v1alpha')
  }
}
