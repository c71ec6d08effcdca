/** Badge SVGs: colours per status and theme, each style, escaping of user text, widths, and well-formed XML. */
import { describe, expect, it } from 'vitest'
import { BADGE_STATUSES, BADGE_STYLES, BADGE_THEMES, PALETTES, escapeXml, renderBadge, textWidth } from '../../src/domain/badges/svg.js'
import { aggregateStatus } from '../../src/domain/badges/status.js'

/**
 * A small XML well-formedness check (Node has no DOMParser): tags balance, attributes are quoted, text and
 * attribute values hold no raw `<` and no `&` outside the five predefined entities. Returns the text content.
 */
function parseXml(xml: string): { root: string; text: string } {
  const stack: string[] = []
  let root = ''
  let text = ''
  const checkText = (t: string) => {
    if (t.includes('<') || t.includes('>') || /&(?!(amp|lt|gt|quot|apos);)/.test(t)) throw new Error(`bad text: ${t}`)
    return t
  }
  let i = 0
  while (i < xml.length) {
    const open = xml.indexOf('<', i)
    if (open === -1) {
      checkText(xml.slice(i))
      break
    }
    text += checkText(xml.slice(i, open))
    const close = xml.indexOf('>', open)
    if (close === -1) throw new Error('unterminated tag')
    const tag = xml.slice(open + 1, close)
    const m = /^(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)$/.exec(tag)
    if (!m) throw new Error(`malformed tag <${tag}>`)
    const [, end, name = '', attrs = '', selfClosing] = m
    for (const [, value = ''] of attrs.matchAll(/="([^"]*)"/g)) checkText(value)
    if (end) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`)
    } else if (!selfClosing) {
      if (stack.length === 0) {
        if (root) throw new Error('two roots')
        root = name
      }
      stack.push(name)
    }
    i = close + 1
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(',')}`)
  return { root, text }
}

describe('badge SVG', () => {
  it('the well-formedness check itself rejects broken XML', () => {
    for (const bad of ['<svg><g></svg>', '<svg>a < b</svg>', '<svg>a & b</svg>', '<svg x=1></svg>', '<svg></svg><svg></svg>', '<svg><text x="<"/></svg>']) {
      expect(() => parseXml(bad), bad).toThrow()
    }
    expect(parseXml('<svg a="1"><t>x &amp; y</t><r/></svg>')).toEqual({ root: 'svg', text: 'x &amp; y' })
  })

  const cases = BADGE_STYLES.flatMap((style) => BADGE_THEMES.flatMap((theme) => BADGE_STATUSES.map((status) => ({ style, theme, status }))))
  it.each(cases)('$style / $theme / $status is a well-formed SVG with the status colour', ({ style, theme, status }) => {
    const svg = renderBadge({ label: 'Shop API', value: status, status, style, theme })
    const { root, text } = parseXml(svg)
    expect(root).toBe('svg')
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    const shown = style === 'for-the-badge' ? 'SHOP API' : 'Shop API'
    expect(text).toContain(shown)
    expect(svg).toContain(`aria-label="${shown}: ${style === 'for-the-badge' ? status.toUpperCase() : status}"`)
    if (style !== 'social') expect(svg).toContain(`fill="${PALETTES[theme].status[status]}"`)
    expect(svg).toContain(`fill="${PALETTES[theme].label}"`)
  })

  it.each([
    ['flat', 20, 'rx="3"', true],
    ['plastic', 18, 'rx="4"', true],
    ['flat-square', 20, 'rx="0"', false],
    ['for-the-badge', 28, 'rx="0"', false],
    ['social', 20, 'rx="3"', true],
  ] as const)('style %s: height %i, corners %s, gradient %s', (style, height, corners, gradient) => {
    const svg = renderBadge({ label: 'api', value: 'passing', status: 'passing', style })
    expect(svg).toContain(`height="${height}"`)
    expect(svg).toContain(corners)
    expect(svg.includes('linearGradient')).toBe(gradient)
  })

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['Tom & "Jerry" \'s', 'Tom &amp; &quot;Jerry&quot; &apos;s'],
    ['bell\u0007 and nul\u0000', 'bell and nul'],
    ['ok ✓ 日本', 'ok ✓ 日本'],
  ])('escapes user text %j', (name, escaped) => {
    expect(escapeXml(name)).toBe(escaped)
    const svg = renderBadge({ label: name, value: '142 ms', status: 'passing' })
    expect(svg).not.toContain('<script')
    expect(parseXml(svg).text).toContain(escaped)
  })

  it('estimates widths per character: wider text, wider badge', () => {
    expect(textWidth('')).toBe(0)
    expect(textWidth('iiii')).toBeLessThan(textWidth('mmmm'))
    expect(textWidth('abc', true)).toBeGreaterThan(textWidth('abc'))
    const width = (label: string) => Number(/width="(\d+)"/.exec(renderBadge({ label, value: 'passing', status: 'passing' }))?.[1])
    expect(width('api')).toBeLessThan(width('api gateway'))
    expect(width('api gateway')).toBeLessThan(width('api gateway in eu-west-1'))
  })

  it('clips very long names', () => {
    const svg = renderBadge({ label: 'x'.repeat(500), value: 'passing', status: 'passing' })
    expect(svg).toContain(`${'x'.repeat(63)}…`)
    expect(svg).not.toContain('x'.repeat(64))
  })

  it.each([
    [[], 'pending'],
    [['pending', 'pending'], 'pending'],
    [['passing', 'pending'], 'passing'],
    [['passing', 'degraded'], 'degraded'],
    [['degraded', 'failing', 'passing'], 'failing'],
    [['passing', 'passing'], 'passing'],
  ] as const)('a group of %j is %s', (statuses, expected) => {
    expect(aggregateStatus(statuses)).toBe(expected)
  })
})
