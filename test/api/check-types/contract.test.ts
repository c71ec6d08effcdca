/**
 * The API contract every check type keeps, run for each row of the table in ./cases: create (the minimal body with
 * every default, accepted variants, refused bodies naming their field), frequency rules, update (merge, refusals that
 * change nothing, the GET document as a PUT body, unknown ids and the paths of other types), read, list and delete.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { COMMON_DEFAULTS, DEFAULT_ALERT_SETTINGS, EMPTY_ALERT_CHANNELS, UUID, checkApi, expectFieldErrors, isIsoDate, type Json } from '../../helpers/check-contract.js'
import { expectReturns, valueAt, type CheckTypeCase } from './check-type-case.js'
import { CHECK_TYPES } from './cases/index.js'

const caseOf = (segment: string): CheckTypeCase => {
  const found = CHECK_TYPES.find((c) => c.segment === segment)
  if (!found) throw new Error(`no check type row for the segment ${segment}`)
  return found
}

describe.each(testDbs)('check types on $name', (db) => {
  describe.each(CHECK_TYPES)('$label', (c) => {
    const createUrl = `/v1/checks/${c.segment}`
    const putUrl = (id: unknown) => `${createUrl}/${String(id)}`
    let t: TestApp
    beforeAll(async () => {
      // A model endpoint, so that agentic checks can be created (creation only checks that one is configured; no run calls it).
      t = await startTestApp(db, { agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'contract-model', apiKey: null } })
    })
    afterAll(() => t.close())

    const { total, create, get, expectErrorBody, expectCreateRejected } = checkApi(
      () => t,
      createUrl,
      () => c.minimal,
    )

    describe('create', () => {
      it('returns 201 with every default for the minimal body', async () => {
        const res = await t.call('POST', createUrl, c.minimal)
        expect(res.statusCode, res.body).toBe(201)
        const check = res.json<Json>()
        expect(check).toMatchObject({ ...COMMON_DEFAULTS, checkType: c.checkType })
        expect(check.id).toMatch(UUID)
        expect(check.alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
        expect(check.alertChannels).toEqual(EMPTY_ALERT_CHANNELS)
        expectReturns(check, { within: { frequencyOffset: [1, 100] } })
        expect(isIsoDate(check.created_at)).toBe(true)
        expectReturns(check, c.defaults)
      })

      it.each(c.accepts)('%s', async (_title, body, returns) => {
        const check = await create(body)
        expectReturns(check, returns)
        expect(await get(check.id)).toEqual(check)
      })

      it.each(c.rejects)('rejects %s', async (_label, body, field, why) => {
        await expectCreateRejected(body, field, 400, why)
      })

      it('answers a malformed JSON body with 400 and the error body, storing nothing', async () => {
        const before = await total()
        const res = await t.app.inject({ method: 'POST', url: createUrl, headers: { ...t.headers, 'content-type': 'application/json' }, payload: '{bad' })
        expect(res.statusCode, res.body).toBe(400)
        expectErrorBody(res.json(), 400, 'Bad Request')
        expect(await total()).toBe(before)
      })
    })

    describe('frequency and frequencyOffset', () => {
      const rules = c.frequencies
      it.each(rules.accepts)('frequency %i accepts offset %i', async (frequency, frequencyOffset) => {
        const check = await create({ ...c.minimal, frequency, frequencyOffset })
        expect(check).toMatchObject({ frequency, frequencyOffset })
      })

      it.each(rules.spreads)('frequency %i without an offset gets a default offset in 1..%i', async (frequency, max) => {
        const check = await create({ ...c.minimal, frequency })
        expect(check.frequency).toBe(frequency)
        expectReturns(check, { within: { frequencyOffset: [1, max] } })
      })

      it.each(rules.rejectsOffset)('rejects %s', async (_label, extra) => {
        await expectCreateRejected({ ...c.minimal, ...extra }, 'frequencyOffset')
      })

      it.each(rules.rejectsFrequency)('rejects frequency %j', async (frequency) => {
        await expectCreateRejected({ ...c.minimal, frequency }, 'frequency')
      })
    })

    describe('update', () => {
      it.each(c.updates)('%s', async (_title, body, steps) => {
        const created = await create(body)
        let previous = created
        for (const step of steps) {
          const res = await t.call('PUT', putUrl(created.id), step.put)
          if ('rejects' in step) {
            expect(res.statusCode, res.body).toBe(400)
            expectErrorBody(res.json(), 400, 'Bad Request')
            expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toContain(step.rejects)
            expect(await get(created.id)).toEqual(previous)
            continue
          }
          expect(res.statusCode, res.body).toBe(200)
          const updated = res.json<Json>()
          expect(updated).toMatchObject({ id: created.id, checkType: c.checkType, created_at: created.created_at })
          expect(isIsoDate(updated.updated_at)).toBe(true)
          if (step.changes) expect(updated).toEqual({ ...previous, ...step.changes, updated_at: expect.any(String) })
          for (const path of step.keeps ?? []) expect(valueAt(updated, path), path).toEqual(valueAt(created, path))
          expectReturns(updated, step)
          expect(await get(created.id)).toEqual(updated)
          previous = updated
        }
      })

      it.each(c.updateRejects)('rejects an update with %s and leaves the stored check unchanged', async (_label, body, field, why) => {
        const created = await create({ ...c.minimal, description: 'original' })
        const res = await t.call('PUT', putUrl(created.id), body)
        expect(res.statusCode, res.body).toBe(400)
        expectErrorBody(res.json(), 400, 'Bad Request')
        expectFieldErrors(res.json<{ attributes: Json }>().attributes, field, why)
        expect(await get(created.id)).toEqual(created)
      })

      it('accepts the GET document as a PUT body (read-only fields ignored) and changes nothing but updated_at', async () => {
        const created = await create(c.roundTrip)
        const res = await t.call('PUT', putUrl(created.id), await get(created.id))
        expect(res.statusCode, res.body).toBe(200)
        const { updated_at: updatedAt, ...rest } = res.json<Json>()
        const { updated_at: _createdUpdatedAt, ...createdRest } = created
        expect(rest).toEqual(createdRest)
        expect(isIsoDate(updatedAt)).toBe(true)
      })

      const ghosts: [string, () => Json][] = [
        ['a name alone', () => ({ name: 'Ghost' })],
        ['the minimal body', () => c.minimal],
      ]
      if (c.ghostBody) ghosts.push(['a body of its own', c.ghostBody])
      it.each(ghosts)('answers 404 to a PUT with %s for an unknown id and creates nothing', async (_label, ghost) => {
        const before = await total()
        const id = randomUUID()
        const res = await t.call('PUT', putUrl(id), ghost())
        expect(res.statusCode, res.body).toBe(404)
        expectErrorBody(res.json(), 404, 'Not Found')
        expect(await total()).toBe(before)
        expect((await t.call('GET', `/v1/checks/${id}`)).statusCode).toBe(404)
      })

      it.each(c.otherSegments)('answers 404 when the check is updated through /v1/checks/%s/{id}', async (other) => {
        const created = await create()
        const res = await t.call('PUT', `/v1/checks/${other}/${String(created.id)}`, { name: 'Wrong type' })
        expect(res.statusCode, res.body).toBe(404)
        expectErrorBody(res.json(), 404, 'Not Found')
        expect(await get(created.id)).toEqual(created)
      })

      it.each(c.otherSegments)('answers 404 when a check created through /v1/checks/%s is updated through this path', async (other) => {
        const foreign = await t.call('POST', `/v1/checks/${other}`, caseOf(other).minimal)
        expect(foreign.statusCode, foreign.body).toBe(201)
        const { id } = foreign.json<{ id: string }>()
        const res = await t.call('PUT', putUrl(id), { name: 'Wrong type' })
        expect(res.statusCode, res.body).toBe(404)
        expectErrorBody(res.json(), 404, 'Not Found')
        expect(await get(id)).toEqual(foreign.json())
      })
    })

    describe('read, list and delete', () => {
      it('GET /v1/checks/{id} returns the created document', async () => {
        const created = await create(c.read)
        expect(await get(created.id)).toEqual(created)
      })

      it('lists the check with its type, and alone under its tag', async () => {
        const tag = `listed-${c.segment}`
        const created = await create({ ...c.minimal, name: `Listed ${c.label}`, tags: [tag] })
        const res = await t.call('GET', `/v1/checks?checkType=${c.checkType}&limit=100`)
        expect(res.statusCode, res.body).toBe(200)
        const items = res.json<Json[]>()
        expect(items.every((item) => item.checkType === c.checkType)).toBe(true)
        expect(items.find((item) => item.id === created.id)).toMatchObject({ id: created.id, checkType: c.checkType, name: `Listed ${c.label}` })
        const tagged = await t.call('GET', `/v1/checks?checkType=${c.checkType}&limit=100&tag=${tag}`)
        expect(tagged.statusCode, tagged.body).toBe(200)
        expect(tagged.json<Json[]>().map((item) => item.id)).toEqual([created.id])
      })

      it('DELETE answers 204 with an empty body, then GET, a second DELETE and a PUT answer 404', async () => {
        const created = await create()
        const before = await total()
        const del = await t.call('DELETE', `/v1/checks/${String(created.id)}`)
        expect(del.statusCode).toBe(204)
        expect(del.body).toBe('')
        expect(await total()).toBe(before - 1)
        const gone = await t.call('GET', `/v1/checks/${String(created.id)}`)
        expect(gone.statusCode, gone.body).toBe(404)
        expectErrorBody(gone.json(), 404, 'Not Found')
        const again = await t.call('DELETE', `/v1/checks/${String(created.id)}`)
        expect(again.statusCode, again.body).toBe(404)
        expectErrorBody(again.json(), 404, 'Not Found')
        const put = await t.call('PUT', putUrl(created.id), { name: 'back' })
        expect(put.statusCode, put.body).toBe(404)
      })
    })
  })
})
