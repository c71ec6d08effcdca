/**
 * The CLI's API client against a real local server: what it sends (method, path, credentials, JSON body), how it
 * reads answers, and the one-line errors it gives for a refused key, an error body and a service it cannot reach.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, CliError } from '../../src/cli/code/api-client.js'

interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

describe('CLI API client', () => {
  const seen: Seen[] = []
  let server: http.Server
  let url: string
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
        const [status, answer] =
          req.url === '/denied'
            ? [401, '{"statusCode":401,"error":"Unauthorized","message":"Unknown key"}']
            : req.url === '/text'
              ? [200, 'plain']
              : req.url === '/empty'
                ? [204, '']
                : [400, '{"statusCode":400,"error":"Bad Request","message":"name is required"}']
        res.writeHead(status, { 'content-type': 'application/json' }).end(answer)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const login = () => ({ url, accountId: 'acc-1', apiKey: 'key-123456789' })

  it('sends the method, the credentials and a JSON body, and reads text and empty answers', async () => {
    const client = apiClient(login())
    await expect(client.call('POST', '/text', { name: 'x' })).resolves.toEqual({ status: 200, body: 'plain' })
    await expect(client.call('DELETE', '/empty')).resolves.toEqual({ status: 204, body: null })
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/text', body: '{"name":"x"}' })
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer key-123456789', 'x-service-account': 'acc-1', 'content-type': 'application/json' })
    expect(seen[1]?.headers['content-type']).toBeUndefined()
  })

  it.each([
    ['a refused key', '/denied', /^the service refused the key \(401\): Unknown key\. Run picket login again/],
    ['an error body', '/other', /^name is required \(HTTP 400\)$/],
  ])('says %s in one line', async (_what, path, message) => {
    await expect(apiClient(login()).call('GET', path)).rejects.toThrow(message)
  })

  it('names a service it cannot reach and why', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const err = await apiClient({ ...login(), url: `http://127.0.0.1:${port}` })
      .call('GET', '/v1/accounts/me')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CliError)
    expect((err as Error).message).toBe(`cannot reach http://127.0.0.1:${port}: ECONNREFUSED`)
  })
})
