/**
 * `Dashboard` of the hosted service's constructs: Picket's Dashboard, whose `customCSS` may also be
 * `{ content }` or `{ entrypoint }` (a CSS file relative to the declaring file, read when the dashboard is
 * serialised), as the vendor takes it.
 */
import type { DeployResource } from '../../domain/projects/deploy-request.js'
import { Dashboard as PicketDashboard, type DashboardProps as PicketDashboardProps } from '../dashboard.js'
import type { Simplify } from '../schema-types.js'
import { readScriptSource, type ScriptSource } from './check-fields.js'

export type DashboardProps = Simplify<Omit<PicketDashboardProps, 'customCSS'> & { customCSS?: string | null | ScriptSource }>

export class Dashboard extends PicketDashboard {
  private readonly css: ScriptSource | undefined

  constructor(logicalId: string, props: DashboardProps) {
    const { customCSS, ...rest } = props
    const inline = typeof customCSS === 'string' || customCSS === null
    super(logicalId, inline ? { ...rest, customCSS } : rest)
    this.css = inline ? undefined : customCSS
  }

  override toResource(): DeployResource {
    const resource = super.toResource()
    const css = readScriptSource(this.css, this.declaredIn, String(this))
    return css === undefined ? resource : { ...resource, payload: { ...resource.payload, customCSS: css } }
  }
}
