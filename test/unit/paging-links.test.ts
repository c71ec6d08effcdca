import { describe, expect, it } from 'vitest'
import { linkHeader } from '../../src/api/paging.js'

/** Parses `<url>; rel="x", …` into rel → page number, checking every entry is RFC 8288 shaped. */
const rels = (header: string): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const part of header.split(', ')) {
    const m = /^<([^>]+)>; rel="(first|prev|next|last)"$/.exec(part)
    expect(m, part).not.toBeNull()
    out[m![2]!] = Number(new URL(m![1]!, 'http://x').searchParams.get('page'))
  }
  return out
}

describe('Link header of a page', () => {
  it.each([
    { name: 'first of three', page: 1, total: 25, want: { first: 1, next: 2, last: 3 } },
    { name: 'middle', page: 2, total: 25, want: { first: 1, prev: 1, next: 3, last: 3 } },
    { name: 'last', page: 3, total: 25, want: { first: 1, prev: 2, last: 3 } },
    { name: 'beyond the last (prev is the last page with items)', page: 9, total: 25, want: { first: 1, prev: 3, last: 3 } },
    { name: 'only page', page: 1, total: 4, want: { first: 1, last: 1 } },
    { name: 'empty list', page: 1, total: 0, want: { first: 1, last: 1 } },
    { name: 'empty list, page 2', page: 2, total: 0, want: { first: 1, prev: 1, last: 1 } },
  ])('$name', ({ page, total, want }) => {
    expect(rels(linkHeader(`/v1/checks?page=${page}&limit=10`, page, 10, total))).toEqual(want)
  })

  it('keeps the path and the other query parameters, and lists the relations in order', () => {
    const header = linkHeader('/v1/checks?tag=prod&tag=db&page=2&limit=5', 2, 5, 30)
    expect(header).toBe(
      [
        '</v1/checks?tag=prod&tag=db&page=1&limit=5>; rel="first"',
        '</v1/checks?tag=prod&tag=db&page=1&limit=5>; rel="prev"',
        '</v1/checks?tag=prod&tag=db&page=3&limit=5>; rel="next"',
        '</v1/checks?tag=prod&tag=db&page=6&limit=5>; rel="last"',
      ].join(', '),
    )
  })

  it('adds page and limit when the request had neither', () => {
    expect(linkHeader('/v1/variables', 1, 10, 11)).toBe(
      '</v1/variables?page=1&limit=10>; rel="first", </v1/variables?page=2&limit=10>; rel="next", </v1/variables?page=2&limit=10>; rel="last"',
    )
  })
})
