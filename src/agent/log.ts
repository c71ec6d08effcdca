/** The logger the agent's parts take (pino's shape): error-level events may also be reported to the service. */
export interface AgentLog {
  debug(fields: object, message: string): void
  info(fields: object, message: string): void
  warn(fields: object, message: string): void
  /** An error-level event: logged, and reported (scrubbed) when EXTERNAL_OBSERVABILITY is on. */
  error(err: unknown, message: string): void
}

export const silentLog: AgentLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
