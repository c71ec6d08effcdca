/**
 * The settings services get when whoever builds them leaves one out (tests, benches, the CLI's helpers). The server
 * passes what load.ts read from the environment, whose defaults are these same values.
 */

/** Where checks with no locations run (DEFAULT_LOCATION). */
export const DEFAULT_LOCATION = 'us-east-1'

/** No runner source addresses are published unless configured (STATIC_IPS). Frozen: every build shares it. */
export const DEFAULT_STATIC_IPS: { ipv4: Record<string, string[]>; ipv6: Record<string, string[]> } = Object.freeze({
  ipv4: Object.freeze({}),
  ipv6: Object.freeze({}),
})

/** Outbound e-mail without an SMTP server: nothing can be sent, and the sender says where it came from. */
export const DEFAULT_SMTP: { url: string | undefined; from: string } = Object.freeze({ url: undefined, from: 'picket@localhost' })

/** No SMS gateway. */
export const DEFAULT_SMS: { url: string | undefined; username: string | undefined; password: string | undefined; from: string | undefined } = Object.freeze({
  url: undefined,
  username: undefined,
  password: undefined,
  from: undefined,
})

/** How long a public dashboard's or status page's computed view is reused (PAGE_CACHE_MS). */
export const PAGE_CACHE_MS = 10_000

/** Days a result's stored files are kept (ARTIFACT_RETENTION_DAYS). */
export const ARTIFACT_RETENTION_DAYS = 7

/** Largest artifact an agent may upload. */
export const AGENT_ARTIFACT_LIMIT_BYTES = 150 * 1024 * 1024

/** How long an agent holds a leased job before it may be leased again. */
export const AGENT_LEASE_MS = 300_000

/** How long a private location may go without an agent before it counts as unavailable. */
export const LOCATION_UNAVAILABLE_AFTER_MS = 600_000
