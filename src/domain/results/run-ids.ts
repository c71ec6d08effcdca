/**
 * The identifiers a result gives of the run that produced it, both derived from the run job's id (a UUID the
 * engine assigns to every run and attempt it schedules, or a heartbeat event's id), so that every answer about the
 * same run carries the same values and nothing has to be stored beside the result:
 * - traceId: the run's 16 bytes as 32 lowercase hex digits, the form of an OpenTelemetry trace id. For a UUID that
 *   is the id itself without its dashes, so a trace id leads straight back to its run job.
 * - checkRunId: the reference types it as a number, so it is the first 13 hex digits (52 bits) of the trace id read
 *   as an integer: always a safe integer in JSON, and the same for every result of one run job.
 * A run job id that is not a UUID (rows written by hand or by older versions) is hashed (SHA-256) to its 16 bytes.
 */
import { createHash } from 'node:crypto'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function traceIdOf(runJobId: string): string {
  if (UUID.test(runJobId)) return runJobId.replaceAll('-', '').toLowerCase()
  return createHash('sha256').update(runJobId).digest('hex').slice(0, 32)
}

export const checkRunIdOf = (runJobId: string): number => Number.parseInt(traceIdOf(runJobId).slice(0, 13), 16)
