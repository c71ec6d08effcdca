import { describe, expect, it } from 'vitest'
import { interpolate, remainingTemplates, type InterpolationContext } from '../../src/runners/interpolate.js'
import { formatMoment, renderMoment, shiftByPhrase } from '../../src/runners/moment-lite.js'

const NOW = Date.UTC(2026, 2, 15, 9, 5, 7, 42) // 2026-03-15T09:05:07.042Z
const ctx = (variables: Record<string, string> = {}, extra: Partial<InterpolationContext> = {}): InterpolationContext => ({
  variables,
  now: NOW,
  uuid: () => '00000000-0000-4000-8000-000000000000',
  random: () => 0.5,
  ...extra,
})

describe('interpolate', () => {
  it.each([
    ['{{NAME}}', { NAME: 'a b/c' }, 'a%20b%2Fc'],
    ['{{{NAME}}}', { NAME: 'a b/c' }, 'a b/c'],
    ['{{ NAME }}', { NAME: 'x' }, 'x'],
    ['x-{{A}}-{{B}}-y', { A: '1', B: '2' }, 'x-1-2-y'],
    ['{{$UUID}}', {}, '00000000-0000-4000-8000-000000000000'],
    ['{{$RANDOM_NUMBER}}', {}, '5000'],
    ['{{moment "YYYY-MM-DD"}}', {}, '2026-03-15'],
    ['{{moment "2 days ago" "YYYY-MM-DD"}}', {}, '2026-03-13'],
    ['{{moment "3 hours from now" "HH:mm"}}', {}, '12:05'],
    ["{{moment 'YYYY'}}", {}, '2026'],
    ['{{GROUP_BASE_URL}}/users', { GROUP_BASE_URL: 'https://api.example.com/v1' }, 'https://api.example.com/v1/users'],
    ['no templates', {}, 'no templates'],
  ])('%s', (template, variables, expected) => {
    expect(interpolate(template, ctx(variables))).toEqual({ text: expected, unresolved: [] })
  })

  it('leaves unknown variables as written and lists them', () => {
    expect(interpolate('{{A}}/{{MISSING}}/{{{RAW}}}', ctx({ A: 'a' }))).toEqual({ text: 'a/{{MISSING}}/{{{RAW}}}', unresolved: ['MISSING', 'RAW'] })
  })

  it('resolves REQUEST_URL only when known', () => {
    expect(interpolate('{{REQUEST_URL}}', ctx()).unresolved).toEqual(['REQUEST_URL'])
    expect(interpolate('{{REQUEST_URL}}', ctx({}, { requestUrl: 'http://x/y?z=1' })).text).toBe('http://x/y?z=1')
  })

  it('can treat both forms as raw', () => {
    expect(interpolate('{{A}}', ctx({ A: 'a b' }), { encode: false }).text).toBe('a b')
  })

  it('encodes literal text around variables when asked (query values)', () => {
    const r = interpolate('a b&{{V}}&{{{R}}}', ctx({ V: 'x y', R: '%20' }), { encodeLiteral: encodeURIComponent })
    expect(r.text).toBe('a%20b%26x%20y%26%20')
  })

  it('finds remaining templates', () => {
    expect(remainingTemplates('http://{{HOST}}/{{{P}}}')).toEqual(['HOST', 'P'])
  })
})

describe('moment-lite', () => {
  it.each([
    ['YYYY-MM-DD HH:mm:ss.SSS', '2026-03-15 09:05:07.042'],
    ['YY M D H m s', '26 3 15 9 5 7'],
    ['hh:mm A', '09:05 AM'],
    ['X', String(Math.floor(NOW / 1000))],
    ['x', String(NOW)],
    ['[Today is] YYYY', 'Today is 2026'],
  ])('formats %s', (format, expected) => {
    expect(formatMoment(NOW, format)).toBe(expected)
  })

  it.each([
    ['2 days ago', NOW - 2 * 86_400_000],
    ['1 hour from now', NOW + 3_600_000],
    ['in 5 minutes', NOW + 300_000],
    ['10 seconds ago', NOW - 10_000],
    ['30 mins ago', NOW - 1_800_000],
    ['1 week ago', NOW - 7 * 86_400_000],
    ['1 month ago', Date.UTC(2026, 1, 15, 9, 5, 7, 42)],
    ['2 years from now', Date.UTC(2028, 2, 15, 9, 5, 7, 42)],
    ['now', NOW],
    ['YYYY-MM-DD', null],
    ['2 parsecs ago', null],
  ])('shifts by %s', (phrase, expected) => {
    expect(shiftByPhrase(NOW, phrase)).toBe(expected)
  })

  it('renders the template forms', () => {
    expect(renderMoment(NOW, [])).toBe('2026-03-15T09:05:07.042Z')
    expect(renderMoment(NOW, ['1 day ago'])).toBe('2026-03-14T09:05:07.042Z')
    expect(renderMoment(NOW, ['nonsense', 'YYYY'])).toBeNull()
  })
})
