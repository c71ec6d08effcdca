/**
 * The reference tables together cover every operation of the reference document: an operation no table calls is
 * an operation nobody has shown to work in the reference's shape.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { referenceApi, type ReferenceCase } from '../../helpers/reference-cases.js'

/** Operations of check types and analyses this installation does not have yet: they answer 404 until they land. */
const NOT_BUILT = new Set<string>([])

it('every reference operation is called by a reference table', async () => {
  const folder = fileURLToPath(new URL('./cases/', import.meta.url))
  const covered = new Set<string>()
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(`./cases/${file}`)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      if (!Array.isArray(value)) continue
      for (const c of value as ReferenceCase<unknown>[]) if (c.method && c.path) covered.add(`${c.method} ${c.path}`)
    }
  }
  const all = referenceApi().operations.map((o) => `${o.method} ${o.path}`)
  const unknown = [...covered].filter((op) => !all.includes(op))
  expect(unknown, 'tables name operations the reference does not have').toEqual([])
  const missing = all.filter((op) => !covered.has(op) && !NOT_BUILT.has(op))
  expect(missing).toEqual([])
})
