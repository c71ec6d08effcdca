/**
 * One HTTP request of the CLI, on node:http (node:https only for https URLs, loaded when first needed). The CLI
 * does not use the global fetch: its first call loads Node's bundled undici, which alone takes longer than
 * `whoami`'s whole budget. Connections are kept alive between a command's calls (a deploy makes several), and an
 * idle one never keeps the process from exiting.
 */
import http from 'node:http'

export interface HttpAnswer {
  status: number
  text: string
}

export type HttpSend = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<HttpAnswer>

/** A failed request's reason in a word (ECONNREFUSED, ENOTFOUND…) where the system gave one. */
export class HttpSendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

type Requester = Pick<typeof http, 'request' | 'Agent'>

export function httpSender(): HttpSend {
  const agents = new Map<string, http.Agent>()
  let https: Promise<Requester> | null = null
  const moduleFor = (protocol: string): Promise<Requester> => {
    if (protocol === 'http:') return Promise.resolve(http)
    https ??= import('node:https').then((m) => m.default)
    return https
  }
  return async (url, init) => {
    const target = new URL(url)
    const mod = await moduleFor(target.protocol)
    let agent = agents.get(target.protocol)
    if (!agent) {
      agent = new mod.Agent({ keepAlive: true })
      agents.set(target.protocol, agent)
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body)
    const headers = body === undefined ? init.headers : { ...init.headers, 'content-length': String(body.length) }
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = mod.request(target, { method: init.method, headers, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', (err: NodeJS.ErrnoException) => reject(new HttpSendError(err.message, err.code)))
      })
      req.on('error', (err: NodeJS.ErrnoException) => reject(new HttpSendError(err.message, err.code)))
      req.end(body)
    })
  }
}
