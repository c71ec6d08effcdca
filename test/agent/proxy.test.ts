import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../src/agent/api-client.js'
import { startFakeService, type FakeService } from '../helpers/agent-protocol-fake.js'

const KEY = 'pl_proxy_test_key_0123456789'
let service: FakeService
let proxy: http.Server
const tunnels: string[] = []

beforeAll(async () => {
  service = await startFakeService(KEY)
  // A forward proxy that only tunnels (CONNECT), as corporate proxies do.
  proxy = http.createServer((_req, res) => res.writeHead(405).end())
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '')
    const [host, port] = (req.url ?? '').split(':')
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  proxy.closeAllConnections()
  await new Promise((r) => proxy.close(r))
  await service.close()
})

describe('the agent behind a proxy', () => {
  it('sends its own calls to the service through HTTPS_PROXY/HTTP_PROXY', async () => {
    const contacts: boolean[] = []
    const client = createApiClient({
      baseUrl: service.url,
      apiKey: KEY,
      agentId: 'a1',
      agentVersion: '1.0.0',
      proxyUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      onContact: (ok) => contacts.push(ok),
    })
    try {
      expect(await client.lease({ capacity: 1, waitSeconds: 0, checkTypes: ['API'] })).toEqual([])
      await client.heartbeat(0)
    } finally {
      await client.close()
    }
    expect(tunnels).toContain(`127.0.0.1:${service.port}`)
    expect(service.leases).toHaveLength(1)
    expect(service.heartbeats).toBe(1)
    expect(contacts).toEqual([true, true])
  })
})
