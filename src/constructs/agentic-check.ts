/**
 * An agentic check (POST /v1/checks/agentic): a prompt a model carries out in a real browser. Props are its create
 * body, with references for the id fields (check.ts). The service runs one only when its operator configured a
 * model; it runs no script, so the config's runtime does not apply, and a config frequency of 0 (which agentic
 * checks do not take) is not applied either.
 */
import { agenticCheck } from '../domain/checks/agentic.js'
import { Check, type CheckPayload, type CheckProps, type DefaultField } from './check.js'

export type AgenticCheckProps = CheckProps<typeof agenticCheck>
export type AgenticCheckPayload = CheckPayload<typeof agenticCheck>

const AGENTIC_DEFAULTS: readonly DefaultField[] = ['locations', 'privateLocations', 'frequency', 'alertChannels', 'activated', 'muted', 'tags']

export class AgenticCheck extends Check {
  readonly props: AgenticCheckProps

  constructor(logicalId: string, props: AgenticCheckProps) {
    super(logicalId, { checkType: 'agentic', frequencies: agenticCheck.frequencies, defaults: AGENTIC_DEFAULTS }, props)
    this.props = props
  }
}
