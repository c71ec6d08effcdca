/**
 * Which runs make error groups, and how a batch of them folds into one change per group (pure). A batch is written
 * with one upsert, which may touch each group only once: the occurrences of one group in the batch are counted here.
 */
import { cleanErrorMessage, errorHash } from './clean.js'

/** The parts of a FINAL check result that error grouping reads. */
export interface RunOutcome {
  accountId: string
  checkId: string
  resultType: string
  status: string
  errorMessage: string | null
  /** When the run started (epoch ms). */
  at: number
}

/** What one batch adds to one group. */
export interface GroupOccurrences {
  accountId: string
  checkId: string
  errorHash: string
  cleanedErrorMessage: string
  /** The message of the batch's latest occurrence. */
  rawErrorMessage: string
  firstSeen: number
  lastSeen: number
  count: number
}

/**
 * Failing FINAL runs with a message make groups. Degraded runs are not failures; retried attempts are not outcomes
 * (their run's FINAL result is); a failure without a message has nothing to group by.
 */
export function makesErrorGroup(run: RunOutcome): boolean {
  return run.resultType === 'FINAL' && run.status === 'failing' && run.errorMessage !== null && run.errorMessage.trim() !== ''
}

/** The batch's occurrences per (check, errorHash), in the order each group was first met. */
export function foldOccurrences(runs: readonly RunOutcome[]): GroupOccurrences[] {
  const groups = new Map<string, GroupOccurrences>()
  const cleaned = new Map<string, { cleaned: string; hash: string }>()
  for (const run of runs) {
    if (!makesErrorGroup(run)) continue
    const raw = run.errorMessage as string
    let known = cleaned.get(raw)
    if (!known) {
      const text = cleanErrorMessage(raw)
      known = { cleaned: text, hash: errorHash(text) }
      cleaned.set(raw, known)
    }
    const key = `${run.checkId}\n${known.hash}`
    const group = groups.get(key)
    if (!group) {
      groups.set(key, {
        accountId: run.accountId,
        checkId: run.checkId,
        errorHash: known.hash,
        cleanedErrorMessage: known.cleaned,
        rawErrorMessage: raw,
        firstSeen: run.at,
        lastSeen: run.at,
        count: 1,
      })
      continue
    }
    group.count += 1
    group.firstSeen = Math.min(group.firstSeen, run.at)
    if (run.at >= group.lastSeen) {
      group.lastSeen = run.at
      group.rawErrorMessage = raw
    }
  }
  return [...groups.values()]
}
