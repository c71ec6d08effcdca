/**
 * `AgenticCheck` of the hosted service's constructs: Picket's AgenticCheck from the vendor's props, which leave out
 * what that service does not honour for agentic checks (group, private locations, retries, double checks, shouldFail,
 * runParallel, incident triggers). A check that names no frequency runs every 30 minutes, that service's default,
 * unless checkly.config.ts sets one. `agentRuntime.skills` cannot be honoured: a non-empty list is refused when the
 * check is declared (domain/projects/vendor/check-shapes.ts says why); an empty one is accepted.
 */
import { agentRuntimeProblem } from '../../domain/projects/vendor/check-shapes.js'
import { AgenticCheck as PicketAgenticCheck, type AgenticCheckProps as PicketAgenticProps } from '../agentic-check.js'
import type { SerializeContext } from '../construct.js'
import type { CheckDefaults } from '../project-config.js'
import type { Simplify } from '../schema-types.js'
import { asProps, checkFields, markTestOnly, type VendorProps } from './check-fields.js'

/** The hosted service's default frequency of an agentic check, in minutes. */
export const VENDOR_AGENTIC_FREQUENCY = 30

export interface AgentRuntime {
  /** Skills of the hosted service's agent: Picket's agent has none to load, so this must be empty. */
  skills?: string[]
}

type Unhonoured = 'group' | 'privateLocations' | 'runParallel' | 'retryStrategy' | 'shouldFail' | 'doubleCheck' | 'triggerIncident'

export type AgenticCheckProps = Simplify<Omit<VendorProps<PicketAgenticProps>, Unhonoured> & { agentRuntime?: AgentRuntime }>

export class AgenticCheck extends PicketAgenticCheck {
  constructor(logicalId: string, props: AgenticCheckProps) {
    const { agentRuntime, ...rest } = props
    const problem = agentRuntimeProblem(agentRuntime, 'agentRuntime')
    if (problem) throw new Error(`AgenticCheck "${String(logicalId)}": ${problem.field}: ${problem.why}`)
    super(logicalId, asProps<PicketAgenticProps>(checkFields(rest, ['alertEscalationPolicy', 'environmentVariables'])))
    markTestOnly(this, props.testOnly)
  }

  protected override defaultsOf(defaults: SerializeContext['defaults']): CheckDefaults {
    return { ...defaults, frequency: defaults?.frequency ?? VENDOR_AGENTIC_FREQUENCY }
  }
}
