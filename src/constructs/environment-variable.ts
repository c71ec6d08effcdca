/**
 * An account environment variable (POST /v1/variables): `new EnvironmentVariable('API_TOKEN', { value, secret: true })`.
 * Its key is its logical id; the props are the rest of the create body (value, locked, secret).
 */
import type { Static } from 'typebox'
import type { CreateVariableBody } from '../domain/variables.js'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import { Construct, withoutUndefined } from './construct.js'

export type EnvironmentVariableBody = Static<typeof CreateVariableBody>
export type EnvironmentVariableProps = Omit<EnvironmentVariableBody, 'key'>

export class EnvironmentVariable extends Construct {
  readonly key: string
  readonly props: EnvironmentVariableProps

  constructor(key: string, props: EnvironmentVariableProps) {
    super('variable', key)
    this.key = key
    this.props = props
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ key: this.key, ...this.props }) }
  }
}
