/**
 * How a person recognises an alert channel in a list: what it sends to. A webhook and an SMS channel have a name of
 * their own; an e-mail channel is known by its address; a Slack channel by its channel, never by its URL (the URL is
 * the channel's credential).
 */
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

const TYPE_WORDS: Record<string, string> = { EMAIL: 'E-mail', WEBHOOK: 'Webhook', SLACK: 'Slack', SMS: 'SMS' }

export function channelName(type: string, config: Record<string, unknown>): string {
  switch (type) {
    case 'EMAIL':
      return text(config.address) ?? TYPE_WORDS.EMAIL ?? type
    case 'SLACK':
      return text(config.channel) ?? TYPE_WORDS.SLACK ?? type
    default:
      return text(config.name) ?? TYPE_WORDS[type] ?? type
  }
}
