/**
 * How long console sign-ins last and how failed ones are limited (pure). A session ends after 14 days
 * without use (sliding; its last use is written at most once a minute) and 30 days after sign-in whatever happens.
 * Sign-in failures are counted per e-mail and per client address in 15-minute windows; the 11th try in a window
 * is refused until the window ends.
 */
const MINUTE = 60_000
const DAY = 86_400_000

export const SESSION_IDLE_MS = 14 * DAY
export const SESSION_MAX_MS = 30 * DAY
export const SESSION_TOUCH_MS = MINUTE
export const LOGIN_WINDOW_MS = 15 * MINUTE
export const LOGIN_MAX_FAILURES = 10
export const SETUP_TOKEN_MS = DAY
export const INVITATION_MS = 7 * DAY

export interface SessionTimes {
  last_seen_at: number
  expires_at: number
}

/** True while the session may be used. */
export const sessionAlive = (s: SessionTimes, now: number): boolean => now < s.expires_at && now < s.last_seen_at + SESSION_IDLE_MS

/** True when its last use should be written now. */
export const sessionNeedsTouch = (s: SessionTimes, now: number): boolean => now - s.last_seen_at >= SESSION_TOUCH_MS

export interface AttemptWindow {
  window_start: number
  failures: number
}

/** Milliseconds until another try is allowed, or 0 when one is allowed now, from the counters that apply. */
export function loginRetryAfterMs(windows: AttemptWindow[], now: number): number {
  let wait = 0
  for (const w of windows) {
    const end = w.window_start + LOGIN_WINDOW_MS
    if (end > now && w.failures >= LOGIN_MAX_FAILURES) wait = Math.max(wait, end - now)
  }
  return wait
}
