import { describe, expect, it } from 'vitest'
import { scrubSecrets } from '../../src/domain/scrub-secrets.js'

const HEX = 'deadbeef'.repeat(5)
const B64 = 'q9Zt3Lm0Xw8Yk2Pv7Rb1Nc4Hs6Jd5Gf0Ae9Uo2Iy8Tz'

describe('scrubSecrets', () => {
  it.each([
    ['user info in URLs', 'GET https://alice:s3cret@api.example.com/x failed', 'GET https://[REDACTED]@api.example.com/x failed'],
    ['token query parameters', 'https://h.test/a?token=abc&x=1&api_key=zzz', 'https://h.test/a?token=[REDACTED]&x=1&api_key=[REDACTED]'],
    ['bearer authorization values', 'Authorization: Bearer abc.def.ghi', 'Authorization: Bearer [REDACTED]'],
    ['basic authorization values', '"authorization":"Basic dXNlcjpwYXNz"', '"authorization":"Basic [REDACTED]"'],
    ['bare bearer tokens', 'sent bearer abcdefgh12345678', 'sent bearer [REDACTED]'],
    ['private location keys', `key pl_${'A1b2'.repeat(10)} rejected`, 'key [REDACTED] rejected'],
    ['long hex runs', `sha ${HEX} end`, 'sha [REDACTED] end'],
    ['long base64 runs', `secret=${B64}`, 'secret=[REDACTED]'],
    ['ordinary text', 'ECONNREFUSED 127.0.0.1:443 at Socket.connect (node:net:1234)', 'ECONNREFUSED 127.0.0.1:443 at Socket.connect (node:net:1234)'],
    ['long paths without digits', '/usr/lib/node_modules/picket/dist/agent/job-loop', '/usr/lib/node_modules/picket/dist/agent/job-loop'],
    ...[
      'at connect (/home/runner/work/picket2/picket2/node_modules/undici/lib/dispatcher/client-h1.js:123:45)',
      'at file:///srv/app2/node_modules/undici7/lib/core/connect2.js:12:3',
      'at C:\\agents\\picket2\\node_modules\\undici\\lib\\dispatcher\\client-h1.js:7:1',
    ].map((frame) => [`stack frames with digits in their paths: ${frame}`, frame, frame]),
    [
      'a random run next to a frame',
      `t=${B64} at run (/srv/app2/node_modules/undici/lib/dispatcher/client-h1.js:1:2)`,
      't=[REDACTED] at run (/srv/app2/node_modules/undici/lib/dispatcher/client-h1.js:1:2)',
    ],
  ])('removes %s', (_name, input, expected) => {
    expect(scrubSecrets(input)).toBe(expected)
  })
})
