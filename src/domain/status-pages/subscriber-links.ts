/** Subscriber tokens, the public links built from them, and the throttle of verification e-mails (pure). */
import { randomBytes } from 'node:crypto'

/** At most one verification e-mail per address and page in this window. */
export const VERIFICATION_THROTTLE_MS = 10 * 60_000

/** 24 random bytes, base64url: 32 characters, unguessable. */
export const newSubscriberToken = (): string => randomBytes(24).toString('base64url')

/** Tokens we hand out are base64url; anything else is refused before a lookup. */
export const isTokenShape = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value)

export type LinkKind = 'verify' | 'unsubscribe'

/** `${base}/status-pages/{statusPageId}/subscriptions/{kind}?token=…` */
export const subscriberLink = (publicBaseUrl: string, statusPageId: string, kind: LinkKind, token: string): string =>
  `${publicBaseUrl}/status-pages/${encodeURIComponent(statusPageId)}/subscriptions/${kind}?token=${encodeURIComponent(token)}`

/**
 * Whether a verification e-mail may be queued now, given when the last one to this address and page was queued:
 * yes when none was, or when the last is at least VERIFICATION_THROTTLE_MS old.
 */
export const verificationDue = (lastQueuedAt: number | null, now: number): boolean => lastQueuedAt === null || now - lastQueuedAt >= VERIFICATION_THROTTLE_MS
