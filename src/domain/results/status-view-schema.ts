/** The response view of a check's status: its latest final result in short, or pending while it has none. */
import { Type, type Static } from 'typebox'
import { CHECK_STATUSES } from '../checks/enums.js'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'

/** The status of a check that has no final result yet (never run, or its heartbeat never pinged). */
export const PENDING_STATUS = 'pending'

export const CheckStatusView = Type.Object(
  {
    checkId: Type.String(),
    name: Type.String(),
    status: StringEnum([...CHECK_STATUSES, PENDING_STATUS] as const, {
      description: `From the latest final result; ${PENDING_STATUS} while the check has none (not run yet, or a heartbeat not pinged yet).`,
    }),
    hasFailures: Type.Boolean({ description: 'The latest final result failed (false while pending).' }),
    hasErrors: Type.Boolean({ description: 'The latest final result failed for a reason outside the check (false while pending).' }),
    isDegraded: Type.Boolean({ description: 'The latest final result was over degradedResponseTime (false while pending).' }),
    longestRun: Nullable(Type.Number({ description: 'Longest response time recorded, in ms (null while pending).' })),
    shortestRun: Nullable(Type.Number({ description: 'Shortest response time recorded, in ms (null while pending).' })),
    lastRunLocation: Nullable(Type.String()),
    lastCheckRunId: Nullable(Type.String({ description: 'Id of the latest final result.' })),
    lastRunAt: Nullable(Type.String()),
    sslDaysRemaining: Nullable(Type.Number({ description: 'Days left on the watched SSL certificate; null when none was read.' })),
    created_at: Type.String({ description: 'When the check was created.' }),
    updated_at: Nullable(Type.String({ description: 'When the status last changed; null while pending.' })),
  },
  { description: 'The status of a check' },
)
export type CheckStatusView = Static<typeof CheckStatusView>

const Count = (description: string) => Type.Integer({ minimum: 0, description })

/** How many checks of the account stand in each status: what a list of checks sums up with, without every status. */
export const CheckStatusCounts = Type.Object(
  {
    total: Count('Every check of the account.'),
    passing: Count('Checks whose latest final result passed.'),
    degraded: Count('Checks whose latest final result was degraded.'),
    failing: Count('Checks whose latest final result failed.'),
    pending: Count(`Checks without a final result yet (${PENDING_STATUS}).`),
  },
  { description: 'The number of checks in each status' },
)
export type CheckStatusCounts = Static<typeof CheckStatusCounts>
