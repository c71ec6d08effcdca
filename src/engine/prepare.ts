/**
 * Turns a stored check into what a runner needs (pure): the document with its group's settings applied, the
 * variables for interpolation (account < group < check < the run's overrides, plus the runtime variables), and the
 * scripts in order (group setup → check setup; check teardown → group teardown). A run's environment URL is given
 * to every check as ENVIRONMENT_URL, and to API and URL checks as the origin their requests go to.
 */
import { applyGroupSettings } from '../domain/groups/apply-group-settings.js'
import { setOwn } from '../lib/own-keys.js'
import type { CheckRunSpec } from '../runners/contract.js'
import type { EffectiveCheck, StoredCheck } from '../domain/checks/contract.js'
import type { CheckType } from '../domain/checks/enums.js'
import type { GroupSettings } from '../domain/groups/schema.js'
import type { ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'
import { ENVIRONMENT_URL_VARIABLE, type RunOverrides } from '../domain/runs/run-overrides.js'

export interface PrepareInput {
  check: { id: string; accountId: string; checkType: CheckType; doc: StoredCheck }
  group: GroupSettings | undefined
  accountVariables: Array<{ key: string; value: string }>
  snippets: Map<number, string>
  /** The account's client certificates; handed only to the check types whose requests present them. */
  clientCertificates?: ClientCertificateMaterial[] | undefined
  runtime: { location: string; runId: string; resultId: string; sequenceId: string; attempt: number }
  /** What the run was started with in place of the check's settings (domain/runs/run-overrides.ts). */
  overrides?: RunOverrides | undefined
}

/** The check as it runs: group settings applied when it belongs to a group. */
export const effectiveDoc = (checkType: CheckType, doc: StoredCheck, group: GroupSettings | undefined): EffectiveCheck =>
  group ? applyGroupSettings({ ...doc, checkType }, group) : { ...doc, checkType }

/** A stored document of an older version may lack the list; a stored entry always has its value (the build requires it). */
const envOf = (doc: StoredCheck | GroupSettings | undefined): Array<{ key: string; value: string }> => {
  const list = doc?.environmentVariables
  return Array.isArray(list) ? list.map((v) => ({ key: v.key, value: v.value ?? '' })) : []
}

function scriptsOf(doc: Readonly<Record<string, unknown>> | undefined, snippets: Map<number, string>, phase: 'setup' | 'teardown'): string[] {
  if (!doc) return []
  const snippetId = doc[phase === 'setup' ? 'setupSnippetId' : 'tearDownSnippetId']
  const local = doc[phase === 'setup' ? 'localSetupScript' : 'localTearDownScript']
  const out: string[] = []
  if (typeof snippetId === 'number' && snippets.has(snippetId)) out.push(snippets.get(snippetId) as string)
  if (typeof local === 'string' && local.trim() !== '') out.push(local)
  return out
}

/** Check types whose HTTP requests present a client certificate to a host that asks for one. */
export const PRESENTS_CLIENT_CERTIFICATES: ReadonlySet<string> = new Set<CheckType>(['API', 'URL'])

/** Check types whose request goes to a run's environment URL (scheme, host and port swapped); the others read ENVIRONMENT_URL. */
export const SENDS_TO_ENVIRONMENT: ReadonlySet<string> = new Set<CheckType>(['API', 'URL'])

export function prepareRunSpec(input: PrepareInput): CheckRunSpec {
  const { check, group, runtime } = input
  const doc = effectiveDoc(check.checkType, check.doc, group)
  const variables: Record<string, string> = {}
  // setOwn: a variable may be named `__proto__`, which an assignment would take for the object's prototype.
  for (const v of [...input.accountVariables, ...envOf(group), ...envOf(check.doc)]) setOwn(variables, v.key, v.value)
  const baseUrl = group?.apiCheckDefaults?.url
  if (typeof baseUrl === 'string' && baseUrl !== '') variables.GROUP_BASE_URL = baseUrl
  const overrides = input.overrides ?? {}
  for (const v of overrides.environmentVariables ?? []) setOwn(variables, v.key, v.value)
  if (overrides.environmentUrl !== undefined) variables[ENVIRONMENT_URL_VARIABLE] = overrides.environmentUrl
  Object.assign(variables, {
    ACCOUNT_ID: check.accountId,
    CHECK_ID: check.id,
    CHECK_NAME: String(doc.name ?? ''),
    CHECK_TYPE: check.checkType,
    CHECK_RUN_ID: runtime.sequenceId,
    CHECK_RESULT_ID: runtime.resultId,
    REGION: runtime.location,
    RUNTIME_VERSION: String(doc.runtimeId ?? '2026.04'),
  })
  return {
    checkId: check.id,
    checkName: String(doc.name ?? ''),
    checkType: check.checkType,
    doc,
    variables,
    scripts: {
      setup: [...scriptsOf(group, input.snippets, 'setup'), ...scriptsOf(check.doc, input.snippets, 'setup')],
      teardown: [...scriptsOf(check.doc, input.snippets, 'teardown'), ...scriptsOf(group, input.snippets, 'teardown')],
    },
    ...(PRESENTS_CLIENT_CERTIFICATES.has(check.checkType) && input.clientCertificates?.length ? { clientCertificates: input.clientCertificates } : {}),
    ...(overrides.environmentUrl !== undefined && SENDS_TO_ENVIRONMENT.has(check.checkType) ? { environmentUrl: overrides.environmentUrl } : {}),
    ...(overrides.refreshCache === true ? { refreshCache: true } : {}),
  }
}
