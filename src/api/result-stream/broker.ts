/**
 * The result stream: an MQTT broker (aedes) over WebSocket on the API's own HTTP port, which the vendor CLI
 * subscribes to for the start, results and logs of the runs it asked for. Clients authenticate with the account
 * id as user name and an API key of that account as password; they may subscribe only to their own account's
 * topics (domain/test-sessions/stream-topics.ts) and publish nothing: only the service publishes.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { Aedes, type AuthenticateError, type Client } from 'aedes'
import { WebSocketServer, createWebSocketStream } from 'ws'
import type { ResultHub } from '../../lib/result-hub.js'
import { mayReceive, maySubscribe } from '../../domain/test-sessions/stream-topics.js'

export interface ResultStream {
  /** Serves the stream on `server` at `path` (WebSocket upgrades of other paths are left alone). */
  attach(server: Server, path?: string): void
  close(): Promise<void>
}

export interface ResultStreamDeps {
  /** The account the key belongs to when it is a valid key of `accountId`, else null. */
  authenticate(apiKey: string, accountId: string): Promise<string | null>
  /** Where the services publish: every message on it goes out to the subscribers of its topic. */
  hub: ResultHub
  onError?: (error: Error) => void
}

export const RESULT_STREAM_PATH = '/mqtt'
/** MQTT return code 4: bad user name or password. */
const BAD_CREDENTIALS = 4

const authError = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: BAD_CREDENTIALS })

export async function createResultStream(deps: ResultStreamDeps): Promise<ResultStream> {
  // The account each connected client proved it may read; set only by a successful authentication.
  const accountOf = new WeakMap<Client, string>()
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const accountId = username ?? ''
      const key = password?.toString('utf8') ?? ''
      if (!accountId || !key) return done(authError('account id and API key are required'), false)
      deps.authenticate(key, accountId).then(
        (owner) => {
          if (owner === null) return done(authError('bad account id or API key'), false)
          accountOf.set(client, owner)
          done(null, true)
        },
        () => done(authError('authentication unavailable'), false),
      )
    },
    authorizePublish(_client, _packet, callback) {
      callback(new Error('clients may not publish'))
    },
    authorizeSubscribe(client, subscription, callback) {
      const accountId = accountOf.get(client)
      // A refused subscription is answered as refused (SUBACK 128) and the connection stays: the client's own
      // subscriptions go on working.
      callback(null, accountId !== undefined && maySubscribe(accountId, subscription.topic) ? subscription : null)
    },
    authorizeForward(client, packet) {
      const accountId = accountOf.get(client)
      return accountId !== undefined && mayReceive(accountId, packet.topic) ? packet : null
    },
  })
  const wss = new WebSocketServer({ noServer: true })
  const servers: Array<{ server: Server; listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }> = []

  const stopListening = deps.hub.listen((topic, message) => {
    broker.publish({ cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 0, retain: false, dup: false }, (err) => {
      if (err) deps.onError?.(err)
    })
  })

  return {
    attach(server, path = RESULT_STREAM_PATH) {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (new URL(req.url ?? '/', 'http://x').pathname !== path) return
        wss.handleUpgrade(req, socket, head, (ws) => {
          const stream = createWebSocketStream(ws)
          stream.on('error', () => ws.terminate())
          broker.handle(stream, req)
        })
      }
      server.on('upgrade', listener)
      servers.push({ server, listener })
    },
    async close() {
      stopListening()
      for (const { server, listener } of servers) server.off('upgrade', listener)
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
    },
  }
}
