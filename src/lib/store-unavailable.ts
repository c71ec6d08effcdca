/**
 * Whether an error means the database cannot be reached right now (pure): a refused, reset or timed-out
 * connection, PostgreSQL shutting down or not accepting connections (SQLSTATE class 08 and 57P01–57P03), or SQLite
 * still locked after its busy timeout. Such a request can succeed when retried: the API answers 503 with
 * Retry-After rather than 500.
 */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
])
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database is locked/i

export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 3 || err === null || typeof err !== 'object') return false
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof e.code === 'string' && CODES.has(e.code)) return true
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true
  if (Array.isArray(e.errors) && e.errors.some((x) => isStoreUnavailable(x, depth + 1))) return true
  return isStoreUnavailable(e.cause, depth + 1)
}
