/** A source of time, passed in deps so tests can use a fake one. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

export class FakeClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.t
  }
  advance(ms: number): void {
    this.t += ms
  }
  set(ms: number): void {
    this.t = ms
  }
}

export const toIso = (ms: number): string => new Date(ms).toISOString()
export const toIsoOrNull = (ms: number | null): string | null => (ms === null ? null : toIso(ms))
