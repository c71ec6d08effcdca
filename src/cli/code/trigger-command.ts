/**
 * `picket trigger --tags A,B [--tags C]`: runs the deployed checks that have every tag of one list (their group's
 * tags count) now, on the service's runners, and exits 1 when one fails. Heartbeats with the tags are not run, since
 * they wait for pings: they are named as skipped. Tags that no check to run has are an error (exit 1), not a pass:
 * in CI a mistyped tag, or a deploy that did not happen, would otherwise let the pipeline through having tested
 * nothing.
 */
import { matchesTags } from '../../domain/schedule/match-tags.js'
import { CliError, type ApiClient } from './api-client.js'
import { formatSessions, runSessions, sessionPassed } from './run-sessions.js'

interface CheckSummary {
  id: string
  name: string
  tags?: string[] | null
}

const PAGE = 100

/** The heartbeats that have the tags, their group's included (as the service matches them). */
async function heartbeatsWith(client: ApiClient, tags: string[][]): Promise<Array<{ checkId: string; name: string }>> {
  const found: CheckSummary[] = []
  for (let page = 1; ; page++) {
    const query = `checkType=HEARTBEAT&applyGroupSettings=true&limit=${PAGE}&page=${page}`
    const list = (await client.call<CheckSummary[]>('GET', `/v1/checks?${query}`)).body
    found.push(...list)
    if (list.length < PAGE) break
  }
  return found.filter((c) => matchesTags(tags, c.tags ?? [])).map((c) => ({ checkId: c.id, name: c.name }))
}

/** `--tags a,b --tags c` as a sentence: "the tags a and b, or c". */
export function describeTags(tags: string[][]): string {
  const lists = tags.map((all) => (all.length < 2 ? all.join('') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1] ?? ''}`))
  return `${tags.length === 1 && tags[0]?.length === 1 ? 'the tag' : 'the tags'} ${lists.join(', or ')}`
}

const skippedLine = (skipped: Array<{ name: string }>): string =>
  `Skipped ${skipped.length} heartbeat${skipped.length === 1 ? '' : 's'} (heartbeats are not run, they wait for pings): ${skipped.map((s) => s.name).join(', ')}`

export async function runTrigger(client: ApiClient, tags: string[][], reporter: 'list' | 'json', timeoutSeconds: number, out: (s: string) => void): Promise<number> {
  const skipped = await heartbeatsWith(client, tags)
  const outcomes = await runSessions(client, { matchTags: tags }, timeoutSeconds)
  if (outcomes.length === 0) {
    const what = skipped.length > 0 ? 'deployed check to run' : 'deployed check'
    throw new CliError(`no ${what} has ${describeTags(tags)}: nothing was run${skipped.length > 0 ? `\n${skippedLine(skipped)}` : ''}`)
  }
  const passed = outcomes.every(sessionPassed)
  if (reporter === 'json') out(JSON.stringify({ passed, skipped, checks: outcomes }, null, 2))
  else out(`${formatSessions(outcomes)}${skipped.length > 0 ? `\n${skippedLine(skipped)}` : ''}`)
  return passed ? 0 : 1
}
