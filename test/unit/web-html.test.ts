/** The pages' HTML template escapes every value, and only http(s) URLs reach attributes (pure). */
import { describe, expect, it } from 'vitest'
import { html, safeUrl, trusted } from '../../src/web/html.js'
import { readCookie } from '../../src/web/cookies.js'

describe('page HTML', () => {
  it('escapes interpolations, joins arrays, drops empty values and keeps trusted markup', () => {
    const evil = `"><script>alert('x')</script>&`
    const out = html`<p title="${evil}">${evil}${[html`<b>${1}</b>`, '<i>']}${null}${undefined}${false}${trusted('<hr>')}</p>`.value
    expect(out).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;<b>1</b>&lt;i&gt;<hr></p>',
    )
  })

  it.each([
    ['https://example.com/logo.png', 'https://example.com/logo.png'],
    ['http://example.com', 'http://example.com/'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    [' JAVASCRIPT:alert(1)', null],
    ['not a url', null],
    ['', null],
    [42, null],
  ])('safeUrl(%j) → %j', (given, expected) => {
    expect(safeUrl(given)).toBe(expected)
  })

  it.each([
    ['a=1; picket_dk_x=dk_abc%2B1; b=2', 'dk_abc+1'],
    ['picket_dk_x=%E0%A4%A', undefined],
    ['other=1', undefined],
    [undefined, undefined],
  ])('cookie %j → %j', (header, expected) => {
    expect(readCookie(header, 'picket_dk_x')).toBe(expected)
  })
})
