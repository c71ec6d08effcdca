/** Status page feeds (RSS 2.0, Atom 1.0) and the theme stylesheet: well-formed, escaped, newest first. */
import { describe, expect, it } from 'vitest'
import type { PublicIncident } from '../../src/services/status-pages/status-page-data.js'
import { atomFeed, rfc822, rssFeed, xmlText, type FeedInput } from '../../src/web/status-pages/feed.js'
import { themeCss } from '../../src/web/status-pages/theme-css.js'

const T = Date.UTC(2026, 10, 24, 13, 5, 9)
const NASTY = `<script>alert("x")</script> & 'quotes' ]]> \u0000\u0007bell`

const incident = (id: string, name: string, at: number, extra: Partial<PublicIncident> = {}): PublicIncident => ({
  id,
  name,
  severity: 'MAJOR',
  status: 'INVESTIGATING',
  services: ['API'],
  startedAt: at - 60_000,
  updatedAt: at,
  resolvedAt: null,
  duration: null,
  updates: [{ id: `${id}-u`, status: 'INVESTIGATING', description: 'Looking\ninto it', at }],
  ...extra,
})

const input: FeedInput = {
  title: 'Acme & Co',
  pageUrl: 'https://status.acme.test/',
  selfUrl: 'https://status.acme.test/_site/feed.rss',
  incidents: [incident('b', NASTY, T), incident('a', 'Older', T - 3_600_000, { status: 'RESOLVED', resolvedAt: T - 1000 })],
  generatedAt: T + 5000,
}

/** A crude well-formedness check: every tag closes in order, and no raw & or < escapes into text. */
function wellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>/, '')
  const stack: string[] = []
  for (const m of body.matchAll(/<(\/?)([a-zA-Z:]+)([^>]*?)(\/?)>/g)) {
    const [, close, name, , selfClose] = m
    if (selfClose) continue
    if (close) expect(stack.pop()).toBe(name)
    else stack.push(name ?? '')
  }
  expect(stack).toEqual([])
  const text = body.replace(/<[^>]*>/g, '')
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/)
  expect(text).not.toContain('<')
  // eslint-disable-next-line no-control-regex
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
}

describe('status page feeds', () => {
  it('escapes text and drops characters XML cannot hold', () => {
    expect(xmlText(`a<b>&"c'\u0000\uffff`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;')
  })

  it('formats RSS dates as RFC 822', () => expect(rfc822(T)).toBe('Tue, 24 Nov 2026 13:05:09 GMT'))

  it('writes RSS 2.0 with one item per incident, newest first', () => {
    const xml = rssFeed(input)
    wellFormed(xml)
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
    expect(xml).toContain('<title>Acme &amp; Co status</title>')
    expect(xml).toContain('<atom:link href="https://status.acme.test/_site/feed.rss" rel="self" type="application/rss+xml"/>')
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '')
    expect(items).toHaveLength(2)
    expect(items[0]).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos; ]]&gt; bell</title>')
    expect(items[0]).toContain('<link>https://status.acme.test/#incident-b</link>')
    expect(items[0]).toContain(`<pubDate>${rfc822(T)}</pubDate>`)
    expect(items[0]).toContain('<description>Investigating · Major · API\nLooking\ninto it</description>')
    expect(items[1]).toContain('<title>Older</title>')
    expect(items[1]).toContain('Resolved · Major')
    expect(xml).not.toContain('<script>')
  })

  it('writes Atom 1.0 with one entry per incident, newest first', () => {
    const xml = atomFeed({ ...input, selfUrl: 'https://status.acme.test/_site/feed.atom' })
    wellFormed(xml)
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    expect(xml).toContain(`<updated>${new Date(T).toISOString()}</updated>`)
    expect(xml).toContain('<author><name>Acme &amp; Co</name></author>')
    const entries = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1] ?? '')
    expect(entries.map((e) => /<id>([^<]+)<\/id>/.exec(e)?.[1])).toEqual(['urn:uuid:b', 'urn:uuid:a'])
    expect(entries[0]).toContain('<link rel="alternate" type="text/html" href="https://status.acme.test/#incident-b"/>')
    expect(entries[0]).toContain(`<published>${new Date(T - 60_000).toISOString()}</published>`)
    expect(xml).not.toContain('<script>')
  })

  it('is a valid empty feed without incidents', () => {
    for (const xml of [rssFeed({ ...input, incidents: [] }), atomFeed({ ...input, incidents: [] })]) {
      wellFormed(xml)
      expect(xml).not.toMatch(/<item>|<entry>/)
    }
    expect(atomFeed({ ...input, incidents: [] })).toContain(`<updated>${new Date(T + 5000).toISOString()}</updated>`)
  })
})

describe('status page theme stylesheet', () => {
  it('sets the brand colour of each theme, for its class and for the automatic theme in that scheme', () => {
    const css = themeCss({ light: '#112233', dark: '#ABC' })
    // The buttons' text is whichever of white and black reads better on the brand colour.
    expect(css).toContain('body.status-page.light {\n  --brand: #112233;\n  --button-text: #ffffff;\n}')
    expect(css).toContain('@media (prefers-color-scheme: light) {\n  body.status-page.auto {\n    --brand: #112233;')
    expect(css).toContain('body.status-page.dark {\n  --brand: #abc;\n  --button-text: #000000;\n}')
    expect(css).toContain('@media (prefers-color-scheme: dark) {\n  body.status-page.auto {\n    --brand: #abc;')
  })

  it('maps a palette to the site variables and writes nothing that is not a hex colour', () => {
    const css = themeCss({ light: { bodyBackgroundColor: '#ffffff', linkFontColor: '#0000ff', cardBackgroundColor: 'red;} body{display:none' }, dark: 'url(x)' })
    expect(css).toContain('--bg: #ffffff;')
    expect(css).toContain('--link: #0000ff;')
    expect(css).not.toMatch(/red|display|url|dark/)
    expect(themeCss(null)).toBe('')
  })
})
