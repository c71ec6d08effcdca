/** Error-message cleaning: one table row per behaviour of each rule, and the hash. */
import { describe, expect, it } from 'vitest'
import { CLEANING_RULES, cleanErrorMessage, errorHash, isIpv6 } from '../../src/domain/error-groups/clean.js'

/** [rule, raw message, cleaned message] */
const RULES: Array<[string, string, string]> = [
  ['double-quoted', 'JSON_BODY $.status EQUALS "ok" (actual: "down")', 'JSON_BODY $.status EQUALS <str> (actual: <str>)'],
  ['double-quoted', 'expected "a \\"quoted\\" word" got ""', 'expected <str> got <str>'],
  ['double-quoted', 'expected {"status":"ok","n":3}', 'expected {<str>:<str>,<str>:<num>}'],
  ['single-quoted', "Cannot read properties of undefined (reading 'token')", 'Cannot read properties of undefined (reading <str>)'],
  ['single-quoted', "certificate's altnames don't match", "certificate's altnames don't match"],
  ['back-quoted', 'Expected `42` but got `41`; “smart” and ‘quotes’', 'Expected <str> but got <str>; <str> and <str>'],
  ['url', 'GET https://api.example.com:8443/v1/health failed', 'GET https://api.example.com:<port>/v1/health failed'],
  ['url', 'fetch failed: http://user:secret@10.1.2.3/x', 'fetch failed: http://<ip>/x'],
  ['url', 'redirect to http://[2001:db8::1]:8080/', 'redirect to http://<ip>:<port>/'],
  [
    'url',
    'https://shard-12.db.example.com/orders/81231 vs https://shard-13.db.example.com/orders/7',
    'https://shard-12.db.example.com/orders/<num> vs https://shard-13.db.example.com/orders/<num>',
  ],
  ['query-value', 'GET /search?token=abc123&page=2#top', 'GET /search?token=<str>&page=<str>#top'],
  ['uuid', 'job 4f0c8a1e-9B7D-4c2e-8f51-2a3b4c5d6e7f failed', 'job <uuid> failed'],
  ['timestamp', 'failed at 2026-06-01T12:00:07.123+02:00 and 2026-06-01 12:00Z, on 2026-06-02', 'failed at <timestamp> and <timestamp>, on <timestamp>'],
  ['timestamp', 'Server closed at Mon, 01 Jun 2026 12:00:07 GMT', 'Server closed at <timestamp>'],
  ['timestamp', 'Date: Mon Jun 01 2026 12:00:07 GMT+0000 (Coordinated Universal Time)', 'Date: <timestamp>'],
  ['timestamp', 'last at 12:00:07.5', 'last at <timestamp>'],
  ['socket-address', 'connect ECONNREFUSED 127.0.0.1:42463', 'connect ECONNREFUSED <ip>:<port>'],
  ['socket-address', 'connect ECONNREFUSED ::1:44017', 'connect ECONNREFUSED <ip>:<port>'],
  ['ip-port', 'DNS query to 127.0.0.1:38617 over TCP timed out', 'DNS query to <ip>:<port> over TCP timed out'],
  ['ip-port', 'upstream [fe80::1]:8443 closed', 'upstream <ip>:<port> closed'],
  ['ipv4', "IP: 10.0.12.7 is not in the cert's list", "IP: <ip> is not in the cert's list"],
  ['ipv4', 'not addresses: 192.168.1.256 and 1.2.3.4.5', 'not addresses: <num> and <num>'],
  ['ipv6', 'fe80::1ff:fe23:4567:890a unreachable; 2001:db8::10 too; ::ffff:192.0.2.1', '<ip> unreachable; <ip> too; <ip>'],
  ['ipv6', 'dead:beef:cafe is not an address', 'dead:beef:cafe is not an address'],
  ['hostname', 'DNS lookup of db-7.picket-down.invalid failed (ENOTFOUND)', 'DNS lookup of db-7.picket-down.invalid failed (ENOTFOUND)'],
  ['hostname', 'DNS:a3f2c1d4e5f6.execute-api.example.com', 'DNS:a3f2c1d4e5f6.execute-api.example.com'],
  ['hostname', 'at handler (/app/src/index.js:12:5)', 'at handler (/app/src/index.js:<num>:<num>)'],
  ['host-port', 'TCP connection to db.internal:5432 timed out', 'TCP connection to db.internal:<port> timed out'],
  ['host-port', 'localhost:3000 refused', 'localhost:<port> refused'],
  ['duration', 'Request timed out after 30000 ms', 'Request timed out after <duration>'],
  ['duration', 'took 1h 30m; retry in 2 hours, budget 1.5s and 250µs', 'took <duration>; retry in <duration>, budget <duration> and <duration>'],
  ['duration', 'No ping received within period + grace (1h + 5m)', 'No ping received within period + grace (<duration> + <duration>)'],
  ['duration', '2 sheep and 3 times', '<num> sheep and <num> times'],
  ['hex', 'pointer 0x7ffd5e8c, digest d41d8cd98f00b204e9800998ecf8427e, code 0A00010B', 'pointer <hex>, digest <hex>, code <hex>'],
  ['hex', 'deadbeef and decade stay words', 'deadbeef and decade stay words'],
  ['id', 'Request id req_8f3k2Lm9xQ rejected', 'Request id <id> rejected'],
  ['id', 'ssl3_get_record and sha256WithRSAEncryption are names', 'ssl3_get_record and sha256WithRSAEncryption are names'],
  ['number', 'HTTP status 503 Service Unavailable', 'HTTP status <num> Service Unavailable'],
  ['number', 'worker-17 restarted 3 times; loss 40%; -1; 1,234.5', 'worker-<num> restarted <num> times; loss <num>%; -<num>; <num>'],
  ['number', 'version 1.2.3, HTTP/1.1, TLSv1.3, IPv4, 3rd', 'version <num>, HTTP/<num>, TLSv1.3, IPv4, 3rd'],
]

describe('error-message cleaning rules', () => {
  it.each(RULES)('%s: %j', (_rule, raw, cleaned) => {
    expect(cleanErrorMessage(raw)).toBe(cleaned)
  })

  it('has a table row for every rule, and names each rule once', () => {
    const names = CLEANING_RULES.map((r) => r.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.filter((n) => !RULES.some(([rule]) => rule === n))).toEqual([])
  })

  it('collapses white space, trims, and leaves no marker of its own behind', () => {
    expect(cleanErrorMessage('  write EPROTO 804C6E17F17F0000:error\n\n  next\t')).toBe('write EPROTO <hex>:error next')
    expect(cleanErrorMessage('private \uE000\uE001 marks')).toBe('private ?? marks')
    expect(cleanErrorMessage('')).toBe('')
  })

  it('is idempotent: a cleaned message cleans to itself', () => {
    for (const [, raw] of RULES) {
      const once = cleanErrorMessage(raw)
      expect(cleanErrorMessage(once)).toBe(once)
    }
  })

  it.each([
    ['::1', true],
    ['2001:db8::10', true],
    ['1:2:3:4:5:6:7:8', true],
    ['::ffff:192.0.2.1', true],
    ['[fe80::1]', true],
    ['1:2:3', false],
    ['1::2::3', false],
    ['12345::1', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['g::1', false],
  ])('isIpv6(%s) is %s', (text, expected) => {
    expect(isIpv6(text)).toBe(expected)
  })

  it('hashes the cleaned message with sha256 (hex)', () => {
    expect(errorHash('socket hang up')).toMatch(/^[0-9a-f]{64}$/)
    expect(errorHash('socket hang up')).toBe(errorHash('socket hang up'))
    expect(errorHash('socket hang up')).not.toBe(errorHash('read ECONNRESET'))
  })
})
