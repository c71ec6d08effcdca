import { describe, expect, it } from 'vitest'
import { boundedBody, boundedUserAgent, isPreviewBot, pingMethodVerdict, pingSource } from '../../src/domain/heartbeats/ping-request.js'
import { orderedIds } from '../../src/domain/heartbeats/ordered-id.js'
import { UUID_PATTERN } from '../../src/lib/ids.js'
import { availabilityOf, parseTimeParam, previousWindow, successPercent, windowOf } from '../../src/domain/heartbeats/availability.js'

const T = Date.UTC(2026, 2, 1, 12, 0, 0)
const DAY = 86_400_000

describe('ping requests', () => {
  it.each([
    ['Twitterbot/1.0', true],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', true],
    ['Facebot', true],
    ['facebookexternalhit/1.1', true],
    ['TelegramBot (like TwitterBot)', true],
    ['WhatsApp/2.23.20.0', true],
    ['LinkedInBot/1.0 (compatible; Mozilla/5.0)', true],
    ['curl/8.5.0', false],
    ['Wget/1.21', false],
    [undefined, false],
  ])('%s is a preview bot: %s', (ua, bot) => {
    expect(isPreviewBot(ua)).toBe(bot)
  })

  it.each([
    ['GET', 'count'],
    ['POST', 'count'],
    ['HEAD', 'ignore'],
    ['OPTIONS', 'ignore'],
    ['PUT', 'refuse'],
    ['DELETE', 'refuse'],
    ['PATCH', 'refuse'],
  ])('%s pings: %s', (method, verdict) => {
    expect(pingMethodVerdict(method)).toBe(verdict)
  })

  it('takes the source from Origin, else Referer', () => {
    expect(pingSource({ origin: 'https://a.example', referer: 'https://b.example/page' })).toBe('https://a.example')
    expect(pingSource({ referer: 'https://b.example/page' })).toBe('https://b.example/page')
    expect(pingSource({ origin: '  ', referer: 'https://b.example/' })).toBe('https://b.example/')
    expect(pingSource({})).toBeNull()
    expect(pingSource({ origin: 'x'.repeat(2000) })?.length).toBe(512)
  })

  it('keeps a bounded part of the body and user agent', () => {
    expect(boundedBody(undefined)).toBeNull()
    expect(boundedBody(new Uint8Array())).toBeNull()
    expect(boundedBody(Buffer.from('backup done: 42 files'))).toBe('backup done: 42 files')
    expect(boundedBody(Buffer.alloc(5000, 'a'))).toHaveLength(1024)
    expect(boundedUserAgent('')).toBeNull()
    expect(boundedUserAgent('u'.repeat(600))).toHaveLength(512)
  })
})

describe('heartbeat availability', () => {
  it.each([
    [{ total: 0, passing: 0 }, 0],
    [{ total: 4, passing: 4 }, 100],
    [{ total: 3, passing: 2 }, 66.67],
    [{ total: 7, passing: 6 }, 85.71],
    [{ total: 24, passing: 23 }, 95.83],
  ])('%o is %d %', (counts, percent) => {
    expect(successPercent(counts)).toBe(percent)
  })

  it('is null when the current window holds no outcome', () => {
    expect(availabilityOf({ total: 0, passing: 0 }, { total: 5, passing: 5 })).toBeNull()
    // The previous window: 100 without outcomes (nothing was due), 0 when every outcome failed.
    expect(availabilityOf({ total: 2, passing: 1 }, { total: 0, passing: 0 })).toEqual({ successRatio: { currentPeriod: 50, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 2 })
    expect(availabilityOf({ total: 2, passing: 1 }, { total: 3, passing: 0 })).toEqual({ successRatio: { currentPeriod: 50, previousPeriod: 0 }, totalEntitiesCurrentPeriod: 2 })
  })

  it('reads UNIX seconds and ISO dates', () => {
    expect(parseTimeParam(undefined)).toBeUndefined()
    expect(parseTimeParam(String(T / 1000))).toBe(T)
    expect(parseTimeParam('1772366400.5')).toBe(1772366400500)
    expect(parseTimeParam('2026-03-01T12:00:00Z')).toBe(T)
    expect(parseTimeParam('2026-03-01')).toBe(Date.UTC(2026, 2, 1))
    expect(parseTimeParam('yesterday')).toBeNaN()
  })

  it('windows default to 24 hours ending now; the previous window has the same length', () => {
    expect(windowOf(undefined, undefined, T)).toEqual({ from: T + 1 - DAY, to: T + 1 })
    expect(windowOf('2026-03-01T00:00:00Z', undefined, T)).toEqual({ from: Date.UTC(2026, 2, 1), to: Date.UTC(2026, 2, 2) })
    expect(windowOf(undefined, String(T / 1000), 0)).toEqual({ from: T - DAY, to: T })
    expect(windowOf('2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z', T)).toEqual({ from: T - 2 * 3_600_000, to: T })
    expect(previousWindow({ from: T - 2 * 3_600_000, to: T })).toEqual({ from: T - 4 * 3_600_000, to: T - 2 * 3_600_000 })
    expect(windowOf('soon', undefined, T)).toEqual({ errors: { startTime: expect.any(String) } })
    expect(windowOf(String(T / 1000), String(T / 1000), T)).toEqual({ errors: { endTime: 'must be after startTime' } })
  })
})

describe('time-ordered ids of heartbeat events and results', () => {
  const counterFill = () => {
    let n = 0
    return (bytes: Uint8Array) => bytes.fill(n++ % 256)
  }

  it('are version-7 UUIDs that carry their millisecond', () => {
    const next = orderedIds(counterFill())
    const id = next(T)
    expect(id).toMatch(new RegExp(UUID_PATTERN))
    expect(id[14]).toBe('7')
    expect(['8', '9', 'a', 'b']).toContain(id[19])
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(T)
  })

  it('sort in the order they were made, within a millisecond and when the clock steps back', () => {
    const next = orderedIds(counterFill())
    const ids = [next(T), next(T), next(T), next(T - 5), next(T + 1), next(T + 1)]
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('move to the next millisecond when 4096 ids share one', () => {
    const next = orderedIds(() => undefined)
    const ids = Array.from({ length: 5000 }, () => next(T))
    expect([...ids].sort()).toEqual(ids)
    expect(parseInt((ids[4999] as string).replace(/-/g, '').slice(0, 12), 16)).toBe(T + 1)
  })
})
