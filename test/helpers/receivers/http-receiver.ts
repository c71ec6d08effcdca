/**
 * A local HTTP receiver on 127.0.0.1, port 0, that records every request (webhooks, Slack incoming webhooks, SMS
 * gateways) and answers with the statuses the test queues (200 once the queue is empty).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface Answer {
  status: number
  body?: string
  headers?: Record<string, string>
}

export interface HttpReceiver {
  url: string
  requests: ReceivedRequest[]
  /** Answers for the next requests, in order. */
  answerNext(...answers: Answer[]): void
  clear(): void
  close(): Promise<void>
}

export function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = []
  const queue: Answer[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = queue.shift() ?? { status: 200, body: 'ok' }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers })
      res.end(answer.body ?? '')
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        answerNext: (...answers) => queue.push(...answers),
        clear: () => {
          requests.length = 0
          queue.length = 0
        },
        close: () => new Promise((r) => server.close(() => r())),
      })
    }),
  )
}
