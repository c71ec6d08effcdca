/**
 * A real SMTP server (smtp-server) on 127.0.0.1, port 0, without TLS or auth, that keeps every message, with a
 * small MIME reader for what the tests look at: the subject and the text and HTML parts.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  subject: string
  text: string | null
  html: string | null
}

export interface SmtpReceiver {
  url: string
  port: number
  mails: ReceivedMail[]
  /** Rejects the next n messages with this SMTP reply code (e.g. 451 transient, 550 permanent). */
  rejectNext(n: number, code: number): void
  close(): Promise<void>
}

const unfold = (headers: string): string => headers.replace(/\r?\n[ \t]+/g, ' ')

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    )
}

function decodeQp(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i] as string
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function split(entity: string): { headers: Record<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/)
  const head = at < 0 ? entity : entity.slice(0, at)
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of unfold(head).split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQp(body)
  return body
}

/** Subject, text and HTML of a message (one level of multipart, or a single part). */
export function readMail(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html'> {
  const top = split(raw)
  const out = { subject: decodeWords(top.headers.subject ?? ''), text: null as string | null, html: null as string | null }
  const type = top.headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r?\n/, '')))
    : [top]
  for (const part of parts) {
    const partType = (part.headers['content-type'] ?? 'text/plain').toLowerCase()
    if (partType.startsWith('text/plain')) out.text = decodeBody(part.headers, part.body)
    if (partType.startsWith('text/html')) out.html = decodeBody(part.headers, part.body)
  }
  return out
}

export function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  let rejections: { left: number; code: number } = { left: 0, code: 0 }
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (rejections.left > 0) {
          rejections = { left: rejections.left - 1, code: rejections.code }
          const err = Object.assign(new Error('rejected by the test'), { responseCode: rejections.code })
          return callback(err)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const envelope = session.envelope
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          ...readMail(raw),
        })
        callback()
      })
    },
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo
      resolve({
        url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
        port,
        mails,
        rejectNext: (n, code) => {
          rejections = { left: n, code }
        },
        close: () => new Promise((r) => server.close(() => r())),
      })
    })
  })
}
