/**
 * Root-cause analyses of error groups: a request is stored PENDING and answered 202 at once; the model (the same
 * OpenAI-compatible endpoint as agentic checks) is asked in the background, from the group and the evidence of its
 * latest failing runs, and the analysis is stored COMPLETED, or FAILED with the reason when the model could not be
 * used. An analysis is read back by its account only.
 */
import { ModelError, chatCompletion, type ModelEndpoint } from '../../lib/chat-completions.js'
import { toIso } from '../../lib/clock.js'
import { isUuid, newId } from '../../lib/ids.js'
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import { RCA_SYSTEM_PROMPT, parseRcaAnswer, rcaUserMessage, type RcaSubject } from '../../domain/error-groups/rca-prompt.js'
import type { RcaPending, RcaRequest, RcaView } from '../../domain/error-groups/rca-contract.js'
import type { RootCauseAnalysisRow } from '../../store/root-cause-analyses.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { evidenceOfGroup } from './rca-evidence.js'

export const NO_RCA_MODEL = 'Root-cause analyses need a model, and this service has none: the operator sets AGENTIC_MODEL_URL and AGENTIC_MODEL'

export interface RootCauseAnalysisService {
  forErrorGroup(accountId: string, errorGroupId: string, body: RcaRequest): Promise<RcaPending>
  forTestSessionErrorGroup(accountId: string, groupId: string, body: RcaRequest): Promise<RcaPending>
  /** PENDING while the model works, then the analysis (or why it failed). */
  get(accountId: string, id: string): Promise<RcaPending | RcaView>
  /** Waits for the analyses this instance is working on (tests; shutdown). */
  settle(): Promise<void>
}

export const rootCauseAnalysisServiceUses = uses(['errorGroups', 'testSessionErrorGroups', 'checks', 'results', 'rootCauseAnalyses'], ['clock'])
export type RootCauseAnalysisServiceDeps = DepsOf<typeof rootCauseAnalysisServiceUses>

export interface RcaOptions {
  model: ModelEndpoint | null
  /** Longest the model may take for one analysis (default 120 s). */
  timeoutMs?: number
}

const providerOf = (m: ModelEndpoint): string => {
  try {
    return new URL(m.url).host
  } catch {
    return 'openai-compatible'
  }
}

export function present(r: RootCauseAnalysisRow): RcaPending | RcaView {
  if (r.status === 'PENDING') return { id: r.id, status: 'PENDING' }
  return {
    id: r.id,
    checkType: r.check_type,
    provider: r.provider,
    model: r.model,
    checkId: r.check_id,
    errorGroupId: r.error_group_id ?? r.test_session_error_group_id,
    durationMs: r.duration_ms ?? 0,
    ...(r.analysis ? { analysis: JSON.parse(r.analysis) as RcaView['analysis'] } : {}),
    status: r.status,
    ...(r.status === 'FAILED' ? { error: r.error_message ?? 'The analysis failed' } : {}),
    userContext: r.user_context,
    created_at: toIso(r.created_at),
  }
}

export function rootCauseAnalysisService(deps: RootCauseAnalysisServiceDeps, options: RcaOptions): RootCauseAnalysisService {
  const { stores, clock } = deps
  const working = new Set<Promise<void>>()

  const model = (): ModelEndpoint => {
    if (!options.model) throw new ValidationError({ model: NO_RCA_MODEL }, NO_RCA_MODEL)
    return options.model
  }

  async function analyze(endpoint: ModelEndpoint, row: RootCauseAnalysisRow, subject: RcaSubject): Promise<void> {
    const started = clock.now()
    let outcome: { status: 'COMPLETED' | 'FAILED'; analysis: string | null; error_message: string | null }
    try {
      const reply = await chatCompletion(
        endpoint,
        {
          messages: [
            { role: 'system', content: RCA_SYSTEM_PROMPT },
            { role: 'user', content: rcaUserMessage(subject) },
          ],
          maxTokens: 2048,
          json: true,
        },
        { timeoutMs: options.timeoutMs ?? 120_000 },
      )
      outcome = { status: 'COMPLETED', analysis: JSON.stringify(parseRcaAnswer(reply.content ?? '')), error_message: null }
    } catch (err) {
      outcome = { status: 'FAILED', analysis: null, error_message: err instanceof ModelError ? err.message : `The analysis failed: ${String(err)}` }
    }
    const now = clock.now()
    // The group (and with it the analysis) may have been removed meanwhile: nothing is left to complete then.
    await stores.rootCauseAnalyses.complete(row.id, { ...outcome, duration_ms: now - started, completed_at: now }).catch(() => undefined)
  }

  async function start(
    base: Omit<RootCauseAnalysisRow, 'id' | 'status' | 'provider' | 'model' | 'analysis' | 'error_message' | 'duration_ms' | 'created_at' | 'completed_at'>,
    subject: RcaSubject,
  ): Promise<RcaPending> {
    const endpoint = model()
    const row: RootCauseAnalysisRow = {
      ...base,
      id: newId(),
      status: 'PENDING',
      provider: providerOf(endpoint),
      model: endpoint.model,
      analysis: null,
      error_message: null,
      duration_ms: null,
      created_at: clock.now(),
      completed_at: null,
    }
    await stores.rootCauseAnalyses.insert(row)
    const job = analyze(endpoint, row, subject).finally(() => working.delete(job))
    working.add(job)
    return { id: row.id, status: 'PENDING' }
  }

  const contextOf = (body: RcaRequest): string | null => (typeof body?.userContext === 'string' && body.userContext.trim() !== '' ? body.userContext : null)

  return {
    async forErrorGroup(accountId, errorGroupId, body) {
      const group = isUuid(errorGroupId) ? await stores.errorGroups.get(accountId, errorGroupId.toLowerCase()) : undefined
      if (!group) throw new NotFoundError('Error group', errorGroupId)
      const check = await stores.checks.get(accountId, group.check_id)
      const userContext = contextOf(body)
      const runs = await evidenceOfGroup(stores.results, accountId, group)
      const subject: RcaSubject = {
        checkType: check?.checkType ?? 'UNKNOWN',
        checkName: typeof check?.doc.name === 'string' ? check.doc.name : null,
        message: group.raw_error_message ?? group.cleaned_error_message,
        occurrences: Number(group.occurrences),
        firstSeen: toIso(Number(group.first_seen)),
        lastSeen: toIso(Number(group.last_seen)),
        userContext,
        runs,
      }
      const base = {
        account_id: accountId,
        error_group_id: group.id,
        test_session_error_group_id: null,
        check_id: group.check_id,
        check_type: subject.checkType,
        user_context: userContext,
      }
      return start(base, subject)
    },

    async forTestSessionErrorGroup(accountId, groupId, body) {
      const group = isUuid(groupId) ? await stores.testSessionErrorGroups.get(accountId, groupId.toLowerCase()) : undefined
      if (!group) throw new NotFoundError('Test session error group', groupId)
      const userContext = contextOf(body)
      const subject: RcaSubject = {
        checkType: 'PLAYWRIGHT',
        checkName: null,
        message: group.raw_error_message ?? group.cleaned_error_message,
        occurrences: Number(group.occurrences),
        firstSeen: toIso(Number(group.first_seen)),
        lastSeen: toIso(Number(group.last_seen)),
        userContext,
        runs: [],
      }
      const base = { account_id: accountId, error_group_id: null, test_session_error_group_id: group.id, check_id: null, check_type: 'PLAYWRIGHT', user_context: userContext }
      return start(base, subject)
    },

    async get(accountId, id) {
      const row = isUuid(id) ? await stores.rootCauseAnalyses.get(accountId, id.toLowerCase()) : undefined
      if (!row) throw new NotFoundError('Root cause analysis', id)
      return present(row)
    },

    async settle() {
      await Promise.all([...working])
    },
  }
}
