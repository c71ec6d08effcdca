import { describe, expect, it } from 'vitest'
import { createTitleBoard, documentTitle, type TitlePart } from '../src/ui/title'

describe('documentTitle', () => {
  it.each<[TitlePart[], string]>([
    [[], 'Picket'],
    [['Members'], 'Members · Picket'],
    [['Alerts', 'Shop API'], 'Alerts · Shop API · Picket'],
    [['Alerts', undefined, null, false, '  '], 'Alerts · Picket'],
    [['  Shop API '], 'Shop API · Picket'],
  ])('%j → %s', (parts, title) => {
    expect(documentTitle(parts)).toBe(title)
  })
})

describe('createTitleBoard', () => {
  const board = () => {
    const shown: string[] = []
    return { shown, board: createTitleBoard((t) => shown.push(t)) }
  }

  it('shows the fallback until a page claims the title, and again when it leaves', () => {
    const { shown, board: b } = board()
    const page = {}
    b.setFallback(['Checks'])
    b.claim(page, ['Shop API'])
    b.release(page)
    expect(shown).toEqual(['Checks · Picket', 'Shop API · Picket', 'Checks · Picket'])
  })

  it('lets the most specific claim win whatever order the claims come in', () => {
    const { shown, board: b } = board()
    const tab = {}
    const frame = {}
    b.claim(tab, ['Alerts', 'Shop API'])
    b.claim(frame, ['Shop API'])
    expect(shown.at(-1)).toBe('Alerts · Shop API · Picket')
    b.release(tab)
    expect(shown.at(-1)).toBe('Shop API · Picket')
  })

  it('lets the latest of equally specific claims win', () => {
    const { shown, board: b } = board()
    const first = {}
    b.claim(first, ['Results', 'Shop API'])
    b.claim({}, ['Alerts', 'Shop API'])
    expect(shown.at(-1)).toBe('Alerts · Shop API · Picket')
    b.claim(first, ['Results', 'Shop API'])
    expect(shown.at(-1)).toBe('Results · Shop API · Picket')
  })

  it('ignores the release of an owner that claimed nothing', () => {
    const { shown, board: b } = board()
    b.release({})
    expect(shown).toEqual([])
  })
})
