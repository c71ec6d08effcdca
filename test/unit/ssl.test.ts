/** SSL certificate expiry (pure): days remaining, thresholds crossed once per certificate, and the watched domain. */
import { describe, expect, it } from 'vitest'
import { alertedCarriedOver, channelThreshold, DAY_MS, daysRemaining, mergeThresholds, sslTargetFromDomain, sslTargetFromUrl, thresholdsCrossed } from '../../src/domain/ssl.js'

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0)

describe('daysRemaining', () => {
  it.each([
    ['30 days exactly', 30 * DAY_MS, 30],
    ['a second short of 30 days', 30 * DAY_MS - 1000, 30],
    ['30 days and an hour', 30 * DAY_MS + 3_600_000, 31],
    ['10 hours', 10 * 3_600_000, 1],
    ['1 ms', 1, 1],
    ['expiring now', 0, 0],
    ['expired 10 hours ago', -10 * 3_600_000, 0],
    ['expired 36 hours ago', -36 * 3_600_000, -1],
    ['expired 3 days ago', -3 * DAY_MS, -3],
  ])('%s → %i', (_label, offset, days) => {
    const d = daysRemaining(NOW + offset, NOW)
    expect(d).toBe(days)
    expect(Object.is(d, -0)).toBe(false)
  })
})

describe('channelThreshold', () => {
  it.each([
    [{ sslExpiry: true, sslExpiryThreshold: 7 }, 7],
    [{ sslExpiry: true, sslExpiryThreshold: 30 }, 30],
    [{ sslExpiry: true }, 30],
    [{ sslExpiry: true, sslExpiryThreshold: 0 }, 30],
    [{ sslExpiry: true, sslExpiryThreshold: 31 }, 30],
    [{ sslExpiry: true, sslExpiryThreshold: '7' }, 30],
    [{ sslExpiry: false, sslExpiryThreshold: 7 }, null],
    [{ sslExpiryThreshold: 7 }, null],
  ])('%j → %s', (channel, expected) => expect(channelThreshold(channel)).toBe(expected))
})

describe('thresholdsCrossed', () => {
  it.each([
    ['no channel wants SSL alerts', 3, [], [], []],
    ['40 days, threshold 30', 40, [30], [], []],
    ['30 days reaches threshold 30', 30, [30], [], [30]],
    ['29 days, threshold 30', 29, [30], [], [30]],
    ['29 days, already alerted 30', 29, [30], [30], []],
    ['6 days after alerting 30 crosses 7', 6, [30, 7], [30], [7]],
    ['both crossed at once (first reading)', 5, [30, 7], [], [7, 30]],
    ['the same threshold on two channels counts once', 20, [30, 30, 14], [], [30]],
    ['expired: every threshold and the expiry', 0, [30, 7], [], [0, 7, 30]],
    ['expired after all thresholds alerted', -2, [30, 7], [7, 30], [0]],
    ['expiry alerted once', -3, [30, 7], [0, 7, 30], []],
    ['1 day is not expired', 1, [1], [1], []],
  ])('%s', (_label, days, channels, alerted, expected) => {
    expect(thresholdsCrossed(days as number, channels as number[], alerted as number[])).toEqual(expected)
  })
})

describe('alerted thresholds over a certificate life', () => {
  it('merges sorted and unique', () => expect(mergeThresholds([30, 7], [7, 0, 14])).toEqual([0, 7, 14, 30]))
  it('carries over while the expiry date is the same', () => expect(alertedCarriedOver(NOW, NOW, [30])).toEqual([30]))
  it('starts over for a renewed certificate', () => expect(alertedCarriedOver(NOW, NOW + 90 * DAY_MS, [30, 7])).toEqual([]))
  it('starts over for the first reading', () => expect(alertedCarriedOver(null, NOW, [30])).toEqual([]))
})

describe('sslTargetFromUrl (API checks)', () => {
  it.each([
    ['https://example.com/health', { domain: 'example.com', port: 443 }],
    ['HTTPS://API.Example.com:8443/x?y=1', { domain: 'api.example.com', port: 8443 }],
    ['https://example.com:443/', { domain: 'example.com', port: 443 }],
    ['https://127.0.0.1:9443/', { domain: '127.0.0.1', port: 9443 }],
    ['https://[::1]:9443/', { domain: '::1', port: 9443 }],
    ['  https://user:pw@example.org  ', { domain: 'example.org', port: 443 }],
  ])('%s → %j', (url, target) => expect(sslTargetFromUrl(url)).toEqual({ ok: true, target }))

  it.each(['http://example.com/', 'ftp://example.com', '', '{{BASE_URL}}/health'])('%j has no certificate', (url) => {
    expect(sslTargetFromUrl(url)).toBeNull()
  })

  it.each(['https://{{HOST}}/health', 'https://exa mple.com/'])('%j cannot be resolved, with a reason', (url) => {
    const r = sslTargetFromUrl(url)
    expect(r).toMatchObject({ ok: false })
    expect(r && !r.ok && r.reason).toContain(url)
  })
})

describe('sslTargetFromDomain (browser checks)', () => {
  it.each([
    ['example.com', { domain: 'example.com', port: 443 }],
    ['Example.COM:8443', { domain: 'example.com', port: 8443 }],
    ['https://www.example.com/login', { domain: 'www.example.com', port: 443 }],
    [' shop.example.com ', { domain: 'shop.example.com', port: 443 }],
  ])('%j → %j', (domain, target) => expect(sslTargetFromDomain(domain)).toEqual({ ok: true, target }))

  it.each([null, undefined, '', '   ', 42])('%j: nothing to watch', (domain) => expect(sslTargetFromDomain(domain)).toBeNull())

  it.each(['exa mple.com', '{{DOMAIN}}'])('%j cannot be resolved', (domain) => expect(sslTargetFromDomain(domain)).toMatchObject({ ok: false }))
})
