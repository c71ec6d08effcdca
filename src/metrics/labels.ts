/**
 * Label values of Picket's metrics, kept to small fixed sets: a label whose values came from requests or users
 * (raw URLs, ids, private location names) would make a new time series per value and swamp Prometheus.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The request method, or OTHER for anything unusual. */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'OTHER')

/** The route pattern that answered (`/v1/checks/:id`), never the URL itself; `unmatched` for the 404 answer. */
export const routeLabel = (pattern: string | undefined): string => (pattern === undefined || pattern === '' ? 'unmatched' : pattern)

/** `2xx`, `4xx` … */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`

/** A data-center location by its code; the runs of all private locations together as `private`. */
export const locationLabel = (place: { location: string; privateLocation: boolean }): string => (place.privateLocation ? 'private' : place.location)

export type RunOutcome = 'passing' | 'degraded' | 'failing' | 'error'

/** What a run came to: its status, or `error` when something went wrong on our side. */
export const runOutcome = (result: { status: 'passing' | 'degraded' | 'failing'; hasErrors: boolean }): RunOutcome => (result.hasErrors ? 'error' : result.status)
