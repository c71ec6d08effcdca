/** Notification delivery outcomes by channel type, after real deliveries to a local webhook receiver. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createNotifier } from '../../src/alerting/notifier.js'
import { createRegistry } from '../../src/metrics/registry.js'
import { createNotifierMetrics } from '../../src/metrics/notifier.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { deliveryConfig, startKit, startReceivers, type Kit, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { valueOf } from './scrape.js'

describe.each(testDbs)('notifier metrics on $name', (db) => {
  let r: Receivers
  let k: Kit
  beforeAll(async () => {
    r = await startReceivers()
  })
  afterAll(() => r.close())
  beforeEach(async () => {
    r.hook.clear()
    k = await startKit(db, r)
  })
  afterEach(() => k.close())

  /** A notifier counting into its own registry, and one alert of a check queued for a webhook channel. */
  const alertThroughWebhook = async () => {
    const registry = createRegistry({ defaultMetrics: false })
    const notifier = createNotifier({
      stores: buildStores(k.t.store),
      clock: k.clock,
      delivery: deliveryConfig(r),
      instanceId: 'metrics-test',
      metrics: createNotifierMetrics(registry),
    })
    const channel = await k.channel({ type: 'WEBHOOK', config: { name: 'Hook', url: `${r.hook.url}/in` } })
    const checkId = await k.check()
    await k.subscribe(channel, { checkId })
    await k.raise(checkId)
    return { registry, notifier, channel }
  }

  it('counts a retry, then the delivery, by channel type', async () => {
    const { registry, notifier } = await alertThroughWebhook()
    r.hook.answerNext({ status: 503 })
    expect(await notifier.deliverDue()).toMatchObject({ attempted: 1, delivered: 0 })
    expect(await valueOf(registry, 'picket_notifications_total', { channel_type: 'WEBHOOK', outcome: 'retry' })).toBe(1)
    expect(await valueOf(registry, 'picket_notifications_total', { channel_type: 'WEBHOOK', outcome: 'delivered' })).toBe(0)
    k.clock.advance(20_000)
    expect(await notifier.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 })
    expect(await valueOf(registry, 'picket_notifications_total', { channel_type: 'WEBHOOK', outcome: 'delivered' })).toBe(1)
    expect(r.hook.requests).toHaveLength(2)
  })

  it('counts a notification whose channel was deleted as failed', async () => {
    const { registry, notifier, channel } = await alertThroughWebhook()
    expect(await buildStores(k.t.store).alertChannels.delete(k.t.accountId, channel)).toBe(true)
    expect(await notifier.deliverDue()).toMatchObject({ attempted: 1, failed: 1 })
    expect(await valueOf(registry, 'picket_notifications_total', { channel_type: 'UNKNOWN', outcome: 'failed' })).toBe(1)
  })
})
