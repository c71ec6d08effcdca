/**
 * A local gRPC server on 127.0.0.1, port 0, plaintext or TLS (test-pki's server certificate): the standard health
 * service (statuses settable per service), server reflection (v1 and v1alpha, @grpc/reflection) and a test
 * service, picket.test.Greeter, with SayHello (answers with the name and the x-token metadata it was sent, and
 * sends x-server metadata back), Fail (answers NOT_FOUND) and Slow (answers after `slowMs`).
 */
import grpc from '@grpc/grpc-js'
import protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const GREETER_PROTO = `syntax = "proto3";
package picket.test;
message HelloRequest { string name = 1; int32 times = 2; }
message HelloReply { string message = 1; int32 count = 2; repeated string tags = 3; string token = 4; }
service Greeter {
  rpc SayHello(HelloRequest) returns (HelloReply);
  rpc Fail(HelloRequest) returns (HelloReply);
  rpc Slow(HelloRequest) returns (HelloReply);
}
`

const HEALTH_PROTO = `syntax = "proto3";
package grpc.health.v1;
message HealthCheckRequest { string service = 1; }
message HealthCheckResponse { enum ServingStatus { UNKNOWN = 0; SERVING = 1; NOT_SERVING = 2; SERVICE_UNKNOWN = 3; } ServingStatus status = 1; }
service Health { rpc Check(HealthCheckRequest) returns (HealthCheckResponse); }
`

export type ServingStatus = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN'

export interface GrpcTarget {
  port: number
  /** The health status reported for `service` ('' is the whole server). */
  setStatus(service: string, status: ServingStatus): void
  /** Metadata of the calls received, in order. */
  received: Array<Record<string, unknown>>
  close(): Promise<void>
}

export interface GrpcTargetOptions {
  tls?: { cert: string; key: string }
  slowMs?: number
  /** Serve reflection (default true). */
  reflection?: boolean
}

type Callback = (err: Partial<grpc.StatusObject> | null, value?: unknown, trailer?: grpc.Metadata) => void
type Call = { request: { name?: string; service?: string }; metadata: grpc.Metadata; sendMetadata(md: grpc.Metadata): void }

function loadDefinitions(): protoLoader.PackageDefinition {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-grpc-'))
  try {
    fs.writeFileSync(path.join(dir, 'greeter.proto'), GREETER_PROTO)
    fs.writeFileSync(path.join(dir, 'health.proto'), HEALTH_PROTO)
    return protoLoader.loadSync(['greeter.proto', 'health.proto'], { includeDirs: [dir], keepCase: true, defaults: true })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function startGrpcTarget(options: GrpcTargetOptions = {}): Promise<GrpcTarget> {
  const definition = loadDefinitions()
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    picket: { test: { Greeter: { service: grpc.ServiceDefinition } } }
    grpc: { health: { v1: { Health: { service: grpc.ServiceDefinition } } } }
  }
  const statuses = new Map<string, ServingStatus>([['', 'SERVING']])
  const received: Array<Record<string, unknown>> = []
  const server = new grpc.Server()
  server.addService(pkg.grpc.health.v1.Health.service, {
    Check: (call: Call, cb: Callback) => {
      const status = statuses.get(call.request.service ?? '')
      if (!status) return cb({ code: grpc.status.NOT_FOUND, details: 'unknown service' })
      cb(null, { status })
    },
  })
  server.addService(pkg.picket.test.Greeter.service, {
    SayHello: (call: Call, cb: Callback) => {
      received.push(call.metadata.getMap())
      const md = new grpc.Metadata()
      md.set('x-server', 'picket-test')
      call.sendMetadata(md)
      cb(null, { message: `Hello, ${call.request.name ?? ''}`, count: 3, tags: ['a', 'b'], token: String(call.metadata.get('x-token')[0] ?? '') })
    },
    Fail: (_call: Call, cb: Callback) => cb({ code: grpc.status.NOT_FOUND, details: 'no such greeting' }),
    Slow: (_call: Call, cb: Callback) => {
      setTimeout(() => cb(null, { message: 'late' }), options.slowMs ?? 5000).unref()
    },
  })
  if (options.reflection !== false) new ReflectionService(definition).addToServer(server)
  const credentials = options.tls
    ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: Buffer.from(options.tls.cert), private_key: Buffer.from(options.tls.key) }], false)
    : grpc.ServerCredentials.createInsecure()
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', credentials, (err, p) => (err ? reject(err) : resolve(p))))
  return {
    port,
    setStatus: (service, status) => statuses.set(service, status),
    received,
    close: async () => server.forceShutdown(),
  }
}
