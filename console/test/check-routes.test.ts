/** Which addresses are a check's overview, whose code the first script fetches beside the session question. */
import { describe, expect, it } from 'vitest'
import { isOverviewPath } from '../src/pages/checks/routes'

describe('isOverviewPath', () => {
  it.each([
    ['/checks/6b10f6d8-c5ea-4149-9a4e-0c1d2e3f4a5b', true],
    ['/checks/6b10f6d8/', true],
    ['/checks/new', false],
    ['/checks/new/', false],
    ['/checks/new/api', false],
    ['/checks/6b10f6d8/results', false],
    ['/checks', false],
    ['/', false],
  ])('%s: %s', (path, expected) => {
    expect(isOverviewPath(path)).toBe(expected)
  })
})
