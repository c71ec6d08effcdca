/**
 * The service's app as the console benches reach it: listening on loopback with no rate limit (the bench is the
 * only client), and a session signed in the way the console signs in, so calls carry the console's cookie.
 */
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/api/build-app.js'

const NO_LIMIT = { max: 1e9, windowMs: 60_000 }

export interface ConsoleBenchApp {
  base: string
  /** The session cookie (`name=value`) the console would send. */
  cookie: string
  close(): Promise<void>
}

export async function startConsoleBenchApp(services: Parameters<typeof buildApp>[0]['services'], user: { email: string; password: string }): Promise<ConsoleBenchApp> {
  const app = await buildApp({ services, publicBaseUrl: 'http://127.0.0.1', rateLimit: NO_LIMIT, sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const signIn = await fetch(`${base}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return { base, cookie, close: () => app.close() }
}
