/** Sends bytes as they are to a listening server and reads back one HTTP/1.1 response (no client-side checks). */
import { connect } from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export function parseRawResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n')
  const head = split === -1 ? text : text.slice(0, split)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = split === -1 ? '' : text.slice(split + 4)
  const length = headers['content-length']
  if (length !== undefined) body = Buffer.from(body).subarray(0, Number(length)).toString()
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

/** Writes `request`, then reads until the server closes the connection or a whole response has arrived. */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1')
    let done = false
    const finish = () => {
      if (done) return
      done = true
      socket.destroy()
      const text = Buffer.concat(chunks).toString()
      if (!text) reject(new Error('no response'))
      else resolve(parseRawResponse(text))
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      const text = Buffer.concat(chunks).toString()
      const r = parseRawResponse(text)
      const length = r.headers['content-length']
      if (length !== undefined && text.includes('\r\n\r\n') && Buffer.byteLength(r.body) >= Number(length)) finish()
    })
    // A server that gives up on a request may reset the connection after answering; what arrived counts.
    socket.on('error', () => finish())
    socket.on('end', finish)
    socket.on('connect', () => socket.write(request))
  })
}
