/**
 * A local HTTP target on 127.0.0.1 and port 0 that records every request it gets (path with query, and headers)
 * and answers `/status/<code>` with that status, anything else with 200 and the request's headers as JSON.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  path: string
  headers: http.IncomingHttpHeaders
}

export interface Recorder {
  /** Base URL without a trailing slash. */
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startRecorder(): Promise<Recorder> {
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push({ path, headers: req.headers })
    const status = /^\/status\/(\d{3})/.exec(path)
    const code = status ? Number(status[1]) : 200
    res.writeHead(code, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ path, headers: req.headers }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
