/**
 * What GET /metrics answers, on the API port (route.ts) or on a port of its own (main/metrics-server.ts): the
 * registry's text, behind `Authorization: Bearer <METRICS_TOKEN>` when a token is set.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Registry } from 'prom-client'
import { METRICS_CONTENT_TYPE } from './registry.js'

export interface MetricsEndpoint {
  /** The exposition text. */
  render(): Promise<string>
  contentType: string
  /** Whether a request with this Authorization header may read the metrics. */
  allows(authorization: string | undefined): boolean
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

/** True when no token is required, or the header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token))
}

export const UNAUTHORIZED_MESSAGE = 'Missing or wrong metrics token: expected "Authorization: Bearer <METRICS_TOKEN>"'

export function metricsEndpoint(registry: Registry, token: string | undefined): MetricsEndpoint {
  return {
    render: () => registry.metrics(),
    contentType: METRICS_CONTENT_TYPE,
    allows: (authorization) => bearerMatches(authorization, token),
  }
}
