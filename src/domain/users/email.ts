/** E-mail addresses of console users (pure): trimmed, lower-cased, and plausibly shaped. */
export const MAX_EMAIL_LENGTH = 254

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** Why an address cannot be used; null when it can. Only the shape is checked: a mailbox cannot be proven here. */
export function emailProblem(email: unknown): string | null {
  if (typeof email !== 'string') return 'must be a string'
  const e = normalizeEmail(email)
  if (e.length > MAX_EMAIL_LENGTH) return `must be at most ${MAX_EMAIL_LENGTH} characters`
  if (!/^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+$/.test(e)) return 'must be an e-mail address such as ana@example.com'
  const domain = e.slice(e.indexOf('@') + 1)
  if (domain.startsWith('.') || domain.endsWith('.') || domain.includes('..')) return 'must be an e-mail address such as ana@example.com'
  return null
}
