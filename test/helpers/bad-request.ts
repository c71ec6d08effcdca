/** Asserts a 400 in the API's error body that names exactly the expected fields, each with a matching reason. */
import { expect } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'

export function expectProblems(res: LightMyRequestResponse, want: Record<string, RegExp | string>): void {
  expect(res.statusCode, res.body).toBe(400)
  const json = res.json<{ statusCode: number; error: string; message: string; attributes: Record<string, string> }>()
  expect(json).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  expect(Object.keys(json.attributes).sort()).toEqual(Object.keys(want).sort())
  for (const [field, reason] of Object.entries(want)) {
    expect(json.attributes[field], field).toMatch(reason)
    expect(json.message).toContain(`"${field}"`)
  }
}
