/**
 * Which certificate each check watches, kept in ssl_certificates: SSL checks watch the host and port they check,
 * API checks read the host from their URL (interpolated with the account's, group's and check's variables when it
 * holds `{{VAR}}`), other checks (browser) name it in sslCheckDomain. Checks that cannot be resolved keep a row
 * with domain '' and the reason in last_error.
 */
import { randomUUID } from 'node:crypto'
import { activeWindowsFor } from '../../domain/maintenance.js'
import { windowsWithOverrides, type SilencingWindow } from '../maintenances/maintenance-occurrences.js'
import { sslTargetFromDomain, sslTargetFromSslConfig, sslTargetFromUrl, type SslTargetResult } from '../../domain/ssl.js'
import { effectiveDoc, prepareRunSpec } from '../../engine/prepare.js'
import { interpolate } from '../../runners/interpolate.js'
import type { SslTargetSpec, WatchableCheck } from '../../store/ssl-certificates.js'
import type { Stores } from '../stores.js'

/** A check as it runs, its group's settings applied: the engine's document of it. */
type EffectiveCheckDoc = ReturnType<typeof effectiveDoc>
/** A group's stored document, as the groups' store hands it back. */
type GroupDoc = NonNullable<Awaited<ReturnType<Stores['checkGroups']['get']>>>['doc']

/** next_check_at of a row that is never probed (its check has no resolvable domain); the next sync revisits it. */
export const NEVER = 8_640_000_000_000_000

/** Groups, account variables and maintenance windows, loaded once per account and group during one sync or run. */
export class CheckContext {
  private groups = new Map<string, Promise<GroupDoc | undefined>>()
  private variables = new Map<string, Promise<Array<{ key: string; value: string }>>>()
  private windows = new Map<string, Promise<SilencingWindow[]>>()
  constructor(private readonly s: Pick<Stores, 'checkGroups' | 'variables' | 'maintenanceWindows' | 'maintenances'>) {}

  group(accountId: string, groupId: unknown): Promise<GroupDoc | undefined> {
    if (typeof groupId !== 'number') return Promise.resolve(undefined)
    const key = `${accountId}/${groupId}`
    let found = this.groups.get(key)
    if (!found) {
      found = this.s.checkGroups.get(accountId, groupId).then((g) => g?.doc)
      this.groups.set(key, found)
    }
    return found
  }

  accountVariables(accountId: string): Promise<Array<{ key: string; value: string }>> {
    let found = this.variables.get(accountId)
    if (!found) {
      found = this.s.variables.list(accountId).then((r) => r.items.map((v) => ({ key: v.key, value: v.value })))
      this.variables.set(accountId, found)
    }
    return found
  }

  /** True when a maintenance window covers a check with these tags at `at`. */
  async inMaintenance(accountId: string, tags: unknown, at: number): Promise<boolean> {
    let found = this.windows.get(accountId)
    if (!found) {
      found = windowsWithOverrides(this.s, accountId)
      this.windows.set(accountId, found)
    }
    const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []
    return activeWindowsFor(await found, list, at).length > 0
  }
}

/** The check as it runs (group settings applied). */
export async function effectiveCheck(ctx: CheckContext, check: WatchableCheck): Promise<{ doc: EffectiveCheckDoc; group: GroupDoc | undefined }> {
  const group = await ctx.group(check.accountId, check.doc.groupId)
  return { doc: effectiveDoc(check.checkType, check.doc, group), group }
}

/** The certificate a check watches: null when none (deactivated, plain http, no sslCheckDomain). */
export async function resolveSslTarget(ctx: CheckContext, check: WatchableCheck, now: number): Promise<SslTargetResult> {
  const { doc, group } = await effectiveCheck(ctx, check)
  if (doc.activated === false) return null
  if (check.checkType === 'SSL') {
    const request = doc.request as { sslConfig?: unknown } | undefined
    return sslTargetFromSslConfig(request?.sslConfig)
  }
  if (check.checkType !== 'API') return sslTargetFromDomain(doc.sslCheckDomain)
  const request = doc.request
  const url = request !== null && typeof request === 'object' && 'url' in request && typeof request.url === 'string' ? request.url : ''
  if (!url.includes('{{')) return sslTargetFromUrl(url)
  const spec = prepareRunSpec({
    check: { id: check.id, accountId: check.accountId, checkType: check.checkType, doc: check.doc },
    group,
    accountVariables: await ctx.accountVariables(check.accountId),
    snippets: new Map(),
    runtime: { location: 'ssl', runId: '', resultId: '', sequenceId: '', attempt: 1 },
  })
  const target = interpolate(url, { variables: spec.variables, now, uuid: randomUUID, random: Math.random })
  if (target.unresolved.length > 0) {
    const names = target.unresolved.map((n) => `{{${n}}}`).join(', ')
    return { ok: false, reason: `SSL certificate not checked: unresolved variable ${names} in the URL` }
  }
  return sslTargetFromUrl(target.text)
}

export const targetSpec = (result: SslTargetResult, now: number): SslTargetSpec | null =>
  result === null ? null : result.ok ? { ...result.target, nextCheckAt: now, lastError: null } : { domain: '', port: 0, nextCheckAt: NEVER, lastError: result.reason }

const SCAN_BATCH = 500

/** True when the check's rows already are what the spec asks for (the sync then writes nothing). */
function isCurrent(spec: SslTargetSpec | null, rows: ReadonlyArray<{ domain: string; port: number; lastError: string | null }>): boolean {
  if (spec === null) return rows.length === 0
  const [only, ...more] = rows
  return more.length === 0 && only !== undefined && only.domain === spec.domain && only.port === spec.port && (spec.domain !== '' || only.lastError === spec.lastError)
}

/**
 * Makes the rows match the checks: all checks, or those created or updated since `changedSince`. Idempotent, so
 * several instances may sync at once. Returns how many checks' rows changed.
 */
export async function syncSslTargets(
  s: Pick<Stores, 'sslCertificates' | 'checkGroups' | 'variables' | 'maintenanceWindows' | 'maintenances'>,
  now: number,
  changedSince?: number,
): Promise<number> {
  const ctx = new CheckContext(s)
  let changed = 0
  let afterId: string | null = null
  for (;;) {
    const batch: WatchableCheck[] = await s.sslCertificates.scanChecks({ afterId, limit: SCAN_BATCH, ...(changedSince === undefined ? {} : { changedSince }) })
    const existing = new Map<string, Array<{ domain: string; port: number; lastError: string | null }>>()
    for (const r of await s.sslCertificates.targetsOf(batch.map((c) => c.id))) existing.set(r.checkId, [...(existing.get(r.checkId) ?? []), r])
    for (const check of batch) {
      const spec = targetSpec(await resolveSslTarget(ctx, check, now), now)
      if (isCurrent(spec, existing.get(check.id) ?? [])) continue
      try {
        if ((await s.sslCertificates.setTarget(check.accountId, check.id, spec, now)) !== 'unchanged') changed++
      } catch {
        // The check was deleted meanwhile (foreign key): nothing to watch.
      }
    }
    if (batch.length < SCAN_BATCH) return changed
    afterId = batch[batch.length - 1]?.id ?? null
  }
}
