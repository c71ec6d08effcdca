/**
 * The limits of one agentic run as the form offers them: each field's range and default. The console ships no server
 * code, so the values are written here, but their type is the server's own constant (literal types), so a change
 * to any range or default there fails the console's type check until this copy follows it.
 */
import type { AgenticLimits } from '../../../api/contracts'

export const AGENTIC_LIMITS: AgenticLimits = {
  maxSteps: { min: 1, max: 100, default: 25 },
  maxTokens: { min: 1000, max: 2_000_000, default: 200_000 },
  timeoutSeconds: { min: 10, max: 300, default: 180 },
}

/** The default limits of a new agentic check. */
export const defaultAgentLimits = () => ({
  maxSteps: AGENTIC_LIMITS.maxSteps.default,
  maxTokens: AGENTIC_LIMITS.maxTokens.default,
  timeoutSeconds: AGENTIC_LIMITS.timeoutSeconds.default,
})
