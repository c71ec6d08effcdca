import { describe, expect, it } from 'vitest'
import { channelName } from '../../src/domain/alert-channels/channel-name.js'

describe('channelName', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['EMAIL', { address: 'ops@example.com' }, 'ops@example.com'],
    ['EMAIL', {}, 'E-mail'],
    ['WEBHOOK', { name: 'Ops hook', url: 'https://hooks.example.com/x' }, 'Ops hook'],
    ['WEBHOOK', { name: '  ', url: 'https://hooks.example.com/x' }, 'Webhook'],
    ['SMS', { name: 'On call', number: '+14155550100' }, 'On call'],
    // The URL of a Slack channel is its credential: never shown as its name.
    ['SLACK', { url: 'https://hooks.slack.com/services/T0/B0/secret', channel: '#ops' }, '#ops'],
    ['SLACK', { url: 'https://hooks.slack.com/services/T0/B0/secret', channel: null }, 'Slack'],
    ['PAGER', { name: 42 }, 'PAGER'],
  ])('%s %j → %s', (type, config, name) => {
    expect(channelName(type, config)).toBe(name)
  })
})
