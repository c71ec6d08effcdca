import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, checksQuery, filtersFromSearch, hasFilters, searchFromFilters, type HomeFilters } from '../src/pages/checks/home/filters-query'

const NONE: HomeFilters = { tags: [], type: '', status: '', name: '', page: 1 }
const f = (over: Partial<HomeFilters>): HomeFilters => ({ ...NONE, ...over })

describe('filtersFromSearch', () => {
  it.each<[string, HomeFilters]>([
    ['', NONE],
    ['tag=prod&tag=eu', f({ tags: ['prod', 'eu'] })],
    ['tag=%20prod%20&tag=&tag=%20%20', f({ tags: ['prod'] })],
    ['type=API', f({ type: 'API' })],
    ['type=HEARTBEAT', f({ type: 'HEARTBEAT' })],
    ['type=api', NONE],
    ['type=NOPE', NONE],
    ['status=failing', f({ status: 'failing' })],
    ['status=degraded', f({ status: 'degraded' })],
    ['status=pending', NONE],
    ['status=FAILING', NONE],
    ['name=shop', f({ name: 'shop' })],
    ['page=3', f({ page: 3 })],
    ['page=1', NONE],
    ['page=0', NONE],
    ['page=-2', NONE],
    ['page=abc', NONE],
    ['page=', NONE],
    ['page=2.7', f({ page: 2 })],
    ['unknown=1&other=x', NONE],
  ])('?%s', (query, filters) => {
    expect(filtersFromSearch(new URLSearchParams(query))).toEqual(filters)
  })
})

describe('searchFromFilters', () => {
  it.each<[HomeFilters, string]>([
    [NONE, ''],
    [f({ page: 1, name: '   ' }), ''],
    [f({ tags: ['a', 'b'] }), 'tag=a&tag=b'],
    [f({ name: '  shop  ' }), 'name=shop'],
    [f({ page: 2 }), 'page=2'],
    [f({ tags: ['prod'], type: 'API', status: 'failing', name: 'shop api', page: 4 }), 'tag=prod&type=API&status=failing&name=shop+api&page=4'],
  ])('%j → ?%s', (filters, query) => {
    expect(searchFromFilters(filters).toString()).toBe(query)
  })

  it.each<[HomeFilters]>([
    [NONE],
    [f({ tags: ['prod', 'eu west'] })],
    [f({ type: 'MULTI_STEP' })],
    [f({ status: 'degraded' })],
    [f({ name: 'a & b = c?' })],
    [f({ page: 12 })],
    [f({ tags: ['x'], type: 'ICMP', status: 'passing', name: 'ping', page: 2 })],
  ])('round-trips %j through the URL', (filters) => {
    const url = `?${searchFromFilters(filters).toString()}`
    expect(filtersFromSearch(new URLSearchParams(url))).toEqual(filters)
  })
})

describe('checksQuery', () => {
  it.each<[HomeFilters, Record<string, unknown>]>([
    [NONE, { limit: PAGE_SIZE, page: 1, tag: undefined, checkType: undefined, status: undefined, search: undefined }],
    [f({ name: '   ' }), { limit: PAGE_SIZE, page: 1, tag: undefined, checkType: undefined, status: undefined, search: undefined }],
    [
      f({ tags: ['a', 'b'], type: 'DNS', status: 'failing', name: '  shop ', page: 3 }),
      { limit: PAGE_SIZE, page: 3, tag: ['a', 'b'], checkType: 'DNS', status: 'failing', search: 'shop' },
    ],
  ])('%j', (filters, query) => {
    expect(checksQuery(filters)).toStrictEqual(query)
  })

  it('asks for pages of 100', () => {
    expect(PAGE_SIZE).toBe(100)
  })
})

describe('hasFilters', () => {
  it.each<[string, HomeFilters, boolean]>([
    ['none', NONE, false],
    ['only a later page', f({ page: 5 }), false],
    ['a blank name', f({ name: '   ' }), false],
    ['a tag', f({ tags: ['prod'] }), true],
    ['a type', f({ type: 'API' }), true],
    ['a status', f({ status: 'passing' }), true],
    ['a name', f({ name: 'shop' }), true],
  ])('%s → %s', (_name, filters, expected) => {
    expect(hasFilters(filters)).toBe(expected)
  })
})
