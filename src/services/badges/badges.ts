/**
 * Status badges of checks and groups, served without an API key when the owning account has badgesEnabled. The
 * check or group is found in any account (its id is all a README has); a disabled account and an unknown id give
 * the same 404, so ids cannot be probed.
 */
import { NotFoundError } from '../../domain/errors.js'
import { normalizeGeneralSettings } from '../../domain/account-settings.js'
import { parseSerialId } from '../../domain/groups/serial-id.js'
import { aggregateStatus } from '../../domain/badges/status.js'
import { renderBadge, type BadgeStatus, type BadgeStyle, type BadgeTheme } from '../../domain/badges/svg.js'
import type { CheckRecord } from '../../store/checks.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { PENDING_STATUS } from '../../domain/results/status-view-schema.js'

export interface BadgeOptions {
  style: BadgeStyle
  theme: BadgeTheme
  /** Show the latest response time instead of the status word. */
  responseTime: boolean
}

export interface BadgeService {
  /** The SVG of a check's badge; NotFoundError when the check does not exist or its account has badges off. */
  checkBadge(checkId: string, options: BadgeOptions): Promise<string>
  /** The SVG of a group's badge (aggregated over its activated checks); NotFoundError as for checks. */
  groupBadge(rawGroupId: string, options: BadgeOptions): Promise<string>
}

interface Reading {
  status: BadgeStatus
  /** Response time of the latest final result, ms; null without one. */
  responseTime: number | null
}

const KNOWN: ReadonlySet<string> = new Set(['passing', 'degraded', 'failing'])

const valueText = (reading: Reading, options: BadgeOptions): string =>
  options.responseTime && reading.responseTime !== null ? `${Math.round(reading.responseTime)} ms` : reading.status

const labelOf = (name: unknown): string => (typeof name === 'string' && name.trim() !== '' ? name : 'status')

const PAGE = 100

/** What the badge service uses: the wiring hands it these stores and shared things and no others. */
export const badgeServiceUses = uses(['accountSettings', 'checkGroups', 'checks', 'results'])
export type BadgeServiceDeps = DepsOf<typeof badgeServiceUses>

export function badgeService(deps: BadgeServiceDeps): BadgeService {
  const { stores } = deps
  const badgesEnabled = async (accountId: string): Promise<boolean> => normalizeGeneralSettings((await stores.accountSettings.get(accountId))?.generalSettings).badgesEnabled

  const read = async (check: CheckRecord, withTime: boolean): Promise<Reading> => {
    const row = await stores.results.getStatus(check.accountId, check.id)
    const status = row?.status ?? PENDING_STATUS
    if (!KNOWN.has(status)) return { status: 'pending', responseTime: null }
    if (!withTime) return { status: status as BadgeStatus, responseTime: null }
    const latest = await stores.results.list({ accountId: check.accountId, checkId: check.id, resultType: 'FINAL', limit: 1, offset: 0 })
    const first = latest.items[0]
    return { status: status as BadgeStatus, responseTime: first ? Number(first.response_time) : null }
  }

  const groupChecks = async (accountId: string, groupId: number): Promise<CheckRecord[]> => {
    const out: CheckRecord[] = []
    for (let offset = 0; ; offset += PAGE) {
      const { items, total } = await stores.checks.list({ accountId, groupId, limit: PAGE, offset })
      out.push(...items)
      if (items.length === 0 || offset + PAGE >= total) return out
    }
  }

  return {
    async checkBadge(checkId, options) {
      const [check] = await stores.checks.getMany([checkId])
      if (!check || !(await badgesEnabled(check.accountId))) throw new NotFoundError('Check', checkId)
      const reading = await read(check, options.responseTime)
      return renderBadge({ label: labelOf(check.doc.name), value: valueText(reading, options), status: reading.status, style: options.style, theme: options.theme })
    },
    async groupBadge(rawGroupId, options) {
      const id = parseSerialId(rawGroupId)
      const group = id === null ? undefined : await stores.checkGroups.findByColumn('id', id)
      if (!group || !(await badgesEnabled(group.accountId))) throw new NotFoundError('Check group', rawGroupId)
      const checks = (await groupChecks(group.accountId, group.id)).filter((c) => c.doc.activated !== false)
      const readings = await Promise.all(checks.map((c) => read(c, options.responseTime)))
      const status = aggregateStatus(readings.map((r) => r.status))
      // The group's response time is the mean of its activated checks' latest ones.
      const times = readings.flatMap((r) => (r.responseTime === null ? [] : [r.responseTime]))
      const responseTime = times.length === 0 ? null : times.reduce((a, b) => a + b, 0) / times.length
      return renderBadge({ label: labelOf(group.doc.name), value: valueText({ status, responseTime }, options), status, style: options.style, theme: options.theme })
    },
  }
}
