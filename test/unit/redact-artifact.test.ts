import { describe, expect, it } from 'vitest'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { createRedactor, REDACTED } from '../../src/domain/secrets/redact.js'
import { isZipArtifact, MAX_UNZIPPED_BYTES, redactArtifact } from '../../src/engine/redact-artifact.js'
import type { RunArtifact } from '../../src/runners/contract.js'

const SECRET = 'p@ss w/rd"42-Sup3rSecret'
const redactor = createRedactor([SECRET])!
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
/** A PNG header with a few bytes that are not UTF-8, and the secret's bytes inside (pixels are not text). */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]), Buffer.from(SECRET)])
const art = (name: string, contentType: string, type: RunArtifact['type'] = 'file'): RunArtifact => ({ type, name, path: `/tmp/${name}`, contentType })
/** A Basic token for `user:` + the secret with the characters that depend only on the secret replaced (5-byte prefix). */
function basicRedacted(): string {
  const token = b64(`user:${SECRET}`)
  return `${token.slice(0, 4 + Math.ceil(16 / 6))}${REDACTED}${token.slice(4 + Math.floor(((2 + Buffer.byteLength(SECRET)) * 8) / 6))}`
}
const text = (u8: Uint8Array | undefined) => Buffer.from(u8 ?? new Uint8Array()).toString('utf8')

/** Every form the test puts in, none of which may survive. */
const FORMS = [SECRET, JSON.stringify(SECRET).slice(1, -1), b64(`user:${SECRET}`).slice(7, -4)]

function trace(): Buffer {
  return Buffer.from(
    zipSync({
      'trace.trace': strToU8(`{"type":"action","params":{"value":"${JSON.stringify(SECRET).slice(1, -1)}"}}\n`),
      'trace.network': strToU8(JSON.stringify({ request: { headers: [{ name: 'Authorization', value: `Basic ${b64(`user:${SECRET}`)}` }] } })),
      'trace.stacks': strToU8('[]'),
      'resources/page.html': strToU8(`<input value="${SECRET}">`),
      'resources/shot.png': PNG,
      'resources/empty/': new Uint8Array(0),
    }),
  )
}

describe('redactArtifact', () => {
  it('rewrites every text entry of a trace zip and keeps binary entries byte for byte', () => {
    const input = trace()
    const out = redactArtifact(input, art('trace.zip', 'application/zip', 'trace'), redactor)
    expect(out).not.toBe(input)
    const entries = unzipSync(new Uint8Array(out))
    expect(Object.keys(entries).sort()).toEqual(['resources/empty/', 'resources/page.html', 'resources/shot.png', 'trace.network', 'trace.stacks', 'trace.trace'])
    for (const name of ['trace.trace', 'trace.network', 'resources/page.html']) {
      const shown = text(entries[name])
      expect(shown, name).toContain(REDACTED)
      for (const form of FORMS) expect(shown, name).not.toContain(form)
    }
    expect(JSON.parse(text(entries['trace.trace'])).params.value).toBe(REDACTED)
    expect(text(entries['trace.stacks'])).toBe('[]')
    expect(Buffer.from(entries['resources/shot.png']!).equals(PNG)).toBe(true)
  })

  it('returns the very same buffer when nothing in a zip holds a secret', () => {
    const input = Buffer.from(zipSync({ 'trace.trace': strToU8('{"nothing":"here"}'), 'a.png': PNG }))
    expect(redactArtifact(input, art('trace.zip', 'application/zip', 'trace'), redactor)).toBe(input)
  })

  it('knows a zip by its content type, its name or its first bytes', () => {
    expect(isZipArtifact(art('t', 'application/zip'))).toBe(true)
    expect(isZipArtifact(art('t.ZIP', 'application/octet-stream'))).toBe(true)
    expect(isZipArtifact(art('t', 'application/octet-stream'), trace())).toBe(true)
    expect(isZipArtifact(art('t.json', 'application/json'), Buffer.from('{}'))).toBe(false)
    const out = redactArtifact(trace(), art('blob', 'application/octet-stream'), redactor)
    expect(text(unzipSync(new Uint8Array(out))['resources/page.html'])).toBe(`<input value="${REDACTED}">`)
  })

  it('gives nothing back for a zip it cannot read (corrupt, truncated or not a zip at all)', () => {
    const whole = trace()
    for (const bytes of [Buffer.from('not a zip'), whole.subarray(0, whole.length - 30), Buffer.from(`PK\u0003\u0004${SECRET}`)]) {
      expect(redactArtifact(bytes, art('trace.zip', 'application/zip', 'trace'), redactor).length).toBe(0)
    }
  })

  it('gives nothing back for a zip whose entry claims to unpack to nothing but holds data', () => {
    const bytes = Buffer.from(zipSync({ 'trace.trace': strToU8(`${SECRET} ${'x'.repeat(10_000)}`) }))
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bytes.writeUInt32LE(0, central + 24) // the uncompressed size in the central directory
    expect(redactArtifact(bytes, art('trace.zip', 'application/zip', 'trace'), redactor).length).toBe(0)
  })

  it('gives nothing back for an entry that unpacks to more than it claims (a zip bomb), without unpacking it all', () => {
    const bytes = Buffer.from(zipSync({ 'trace.trace': [new Uint8Array(32 * 1024 * 1024), { level: 6 }] }))
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bytes.writeUInt32LE(1000, central + 24)
    expect(redactArtifact(bytes, art('trace.zip', 'application/zip', 'trace'), redactor).length).toBe(0)
  })

  it('gives nothing back for a zip whose directory claims more than it may unpack', () => {
    const bytes = Buffer.from(zipSync({ 'trace.trace': strToU8(SECRET), 'b.trace': strToU8(SECRET) }))
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bytes.writeUInt32LE(MAX_UNZIPPED_BYTES, central + 24)
    expect(redactArtifact(bytes, art('trace.zip', 'application/zip', 'trace'), redactor).length).toBe(0)
  })

  it.each<[string, RunArtifact, string, string]>([
    ['a JSON report (escaped form)', art('report.json', 'application/json', 'report'), JSON.stringify({ err: `bad ${SECRET}` }), JSON.stringify({ err: `bad ${REDACTED}` })],
    ['a log', art('run.log', 'text/plain', 'log'), `token=${SECRET}\nbasic ${b64(`user:${SECRET}`)}\n`, `token=${REDACTED}\nbasic ${basicRedacted()}\n`],
    ['markdown', art('errors.md', 'text/markdown', 'file'), `# ${SECRET}`, `# ${REDACTED}`],
    ['text of an unknown type', art('x.bin', 'application/octet-stream', 'file'), `a ${SECRET} b`, `a ${REDACTED} b`],
    ['an SVG image (text)', art('x.svg', 'image/svg+xml', 'screenshot'), `<svg><text>${SECRET}</text></svg>`, `<svg><text>${REDACTED}</text></svg>`],
  ])('redacts %s as text', (_name, artifact, input, expected) => {
    expect(redactArtifact(Buffer.from(input), artifact, redactor).toString('utf8')).toBe(expected)
  })

  it('keeps images, videos and text without a secret as they are (the same buffer)', () => {
    for (const [bytes, artifact] of [
      [PNG, art('shot.png', 'image/png', 'screenshot')],
      [Buffer.from(`webm ${SECRET}`), art('video.webm', 'video/webm', 'video')],
      [Buffer.from('{"ok":true}'), art('report.json', 'application/json', 'report')],
      [PNG, art('blob', 'application/octet-stream', 'file')],
    ] as const) {
      expect(redactArtifact(bytes, artifact, redactor)).toBe(bytes)
    }
  })
})
