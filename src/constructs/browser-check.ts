/**
 * A browser check (POST /v1/checks/browser): a Playwright script, inline or from a file (`code`). The config's
 * `checks.browserChecks` defaults (frequency, locations, tags) apply before its `checks` defaults.
 */
import { browserCheck } from '../domain/checks/browser.js'
import type { CheckPayload } from './check.js'
import type { CheckDefaults } from './project-config.js'
import { ScriptCheck, type ScriptCheckProps } from './script-check.js'

export type BrowserCheckProps = ScriptCheckProps<typeof browserCheck>
export type BrowserCheckPayload = CheckPayload<typeof browserCheck>

export class BrowserCheck extends ScriptCheck {
  readonly props: BrowserCheckProps

  constructor(logicalId: string, props: BrowserCheckProps) {
    super(logicalId, { checkType: 'browser', frequencies: browserCheck.frequencies }, props)
    this.props = props
  }

  protected override defaultsOf(defaults: CheckDefaults | undefined): CheckDefaults {
    if (defaults === undefined) return {}
    const browser = defaults.browserChecks ?? {}
    return {
      ...defaults,
      frequency: browser.frequency ?? defaults.frequency,
      locations: browser.locations ?? defaults.locations,
      tags: [...(defaults.tags ?? []), ...(browser.tags ?? [])],
    }
  }
}
