/**
 * A page of checks' links in one read (store/check-links.ts): each check's alert channel subscriptions, and the
 * project that deployed it (the oldest, when several bound it), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/store/all-stores.js'

describe.each(testDbs)('check links on $name', (db) => {
  let t: TestApp
  const ids: string[] = []
  let channel = 0
  beforeAll(async () => {
    t = await startTestApp(db)
    channel = (await t.call('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.com' } })).json<{ id: number }>().id
    for (const [i, subscribed] of [true, false, true].entries()) {
      const body = {
        name: `c${i}`,
        activated: false,
        request: { url: 'http://127.0.0.1:9/x' },
        alertChannelSubscriptions: subscribed ? [{ alertChannelId: channel, activated: i === 0 }] : [],
      }
      const res = await t.call('POST', '/v1/checks/api', body)
      expect(res.statusCode, res.body).toBe(201)
      ids.push(res.json<{ id: string }>().id)
    }
    const projects = buildStores(t.store).projects
    const older = await projects.findOrCreate(t.accountId, 'older', 'Older', 1_000)
    const newer = await projects.findOrCreate(t.accountId, 'newer', 'Newer', 2_000)
    for (const [project, logicalId] of [
      [newer, 'from-newer'],
      [older, 'from-older'],
    ] as const)
      await projects.bind(project.id, { kind: 'check', logicalId, resourceId: ids[0] ?? '', fieldHashes: {} }, project.createdAt)
    await projects.bind(newer.id, { kind: 'check', logicalId: 'only-newer', resourceId: ids[1] ?? '', fieldHashes: {} }, 2_000)
  })
  afterAll(() => t.close())

  it("reads every check's subscriptions and its oldest deploying project in one statement", async () => {
    const links = await buildStores(t.store).checkLinks.forChecks(t.accountId, ids)
    expect(links.subscriptions.sort((a, b) => String(a.checkId).localeCompare(String(b.checkId)))).toEqual(
      [
        { channelId: channel, checkId: ids[0], groupId: null, activated: true },
        { channelId: channel, checkId: ids[2], groupId: null, activated: false },
      ].sort((a, b) => String(a.checkId).localeCompare(String(b.checkId))),
    )
    expect(links.owners.get(ids[0] ?? '')).toEqual({ logicalId: 'from-older', project: expect.objectContaining({ logicalId: 'older', name: 'Older' }) })
    expect(links.owners.get(ids[1] ?? '')).toEqual({ logicalId: 'only-newer', project: expect.objectContaining({ logicalId: 'newer', name: 'Newer' }) })
    expect(links.owners.has(ids[2] ?? '')).toBe(false)
  })

  it('reads nothing of another account', async () => {
    const other = await t.otherAccount()
    const links = await buildStores(t.store).checkLinks.forChecks(other.accountId, ids)
    expect(links).toEqual({ subscriptions: [], owners: new Map() })
  })
})
