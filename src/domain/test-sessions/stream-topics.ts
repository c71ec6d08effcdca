/**
 * Topics of the result stream. Every topic lives under `account/<account id>/`, and a subscriber may only ever
 * name topics under its own account's prefix, literally: a wildcard in the first two levels (`#`, `+/…`,
 * `account/+/…`) could match another account's topics, so it is refused rather than narrowed.
 */

/** The topic one run's messages go to, as the vendor CLI subscribes to them (`…/<suite>/+/+/+`). */
export function adHocResultTopic(accountId: string, suiteId: string, sequenceId: string, runId: string, subtopic: 'run-start' | 'result' | 'error' | 'stream-logs'): string {
  return `account/${accountId}/ad-hoc-check-results/${suiteId}/${sequenceId}/${runId}/${subtopic}`
}

/** A level may not itself contain MQTT wildcards or separators when it is put in a topic. */
export const isPlainLevel = (level: string): boolean => level.length > 0 && !/[/#+]/.test(level) && !level.includes(String.fromCharCode(0))

/** Whether a subscriber of `accountId` may subscribe to `filter`: only topics under its own account's prefix. */
export function maySubscribe(accountId: string, filter: string): boolean {
  if (!isPlainLevel(accountId)) return false
  const prefix = `account/${accountId}/`
  return filter.startsWith(prefix) && filter.length > prefix.length
}

/** Whether a message on `topic` may be delivered to a subscriber of `accountId` (a second guard at delivery). */
export function mayReceive(accountId: string, topic: string): boolean {
  return topic.startsWith(`account/${accountId}/`)
}
