/**
 * The hosted service's browser, multi-step and Playwright checks: Picket's BrowserCheck, MultiStepCheck and
 * PlaywrightCheckSuite from the vendor's props. `code` is the same (`{ content }` or `{ entrypoint }`, relative to
 * the declaring file, or absolute as `path.join(__dirname, …)` gives it); a PlaywrightCheck's
 * `playwrightConfigPath` (and `include`) is the suite's entry point, and its `pwProjects` / `pwTags` become the
 * `--project` / `--grep` arguments of its test command, as the hosted service builds it.
 */
import { BrowserCheck as PicketBrowserCheck, type BrowserCheckProps as PicketBrowserProps } from '../browser-check.js'
import { MultiStepCheck as PicketMultiStepCheck, type MultiStepCheckProps as PicketMultiStepProps } from '../multistep-check.js'
import { PlaywrightCheckSuite, type PlaywrightCheckSuiteProps } from '../playwright-check-suite.js'
import type { Simplify } from '../schema-types.js'
import { asProps, checkFields, markTestOnly, type VendorProps } from './check-fields.js'

export type BrowserCheckProps = VendorProps<PicketBrowserProps>
export type MultiStepCheckProps = VendorProps<PicketMultiStepProps>

export class BrowserCheck extends PicketBrowserCheck {
  constructor(logicalId: string, props: BrowserCheckProps) {
    super(logicalId, asProps<PicketBrowserProps>(checkFields(props)))
    markTestOnly(this, props.testOnly)
  }
}

export class MultiStepCheck extends PicketMultiStepCheck {
  constructor(logicalId: string, props: MultiStepCheckProps) {
    super(logicalId, asProps<PicketMultiStepProps>(checkFields(props)))
    markTestOnly(this, props.testOnly)
  }
}

export type PlaywrightCheckProps = Simplify<
  Omit<VendorProps<PlaywrightCheckSuiteProps>, 'code'> & {
    playwrightConfigPath: string
    include?: string | string[]
    pwProjects?: string | string[]
    pwTags?: string | string[]
    /** The group's name, where older projects name it instead of passing the group. */
    groupName?: string
  }
>

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])
const quote = (value: string): string => (/^[\w./:@=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`)

/** The test command with the projects and tags to run, as `--project` and `--grep` arguments. */
export function playwrightTestCommand(testCommand: string | undefined, projects: string[], tags: string[]): string | undefined {
  if (projects.length === 0 && tags.length === 0) return testCommand
  const projectArg = projects.length > 0 ? ` --project ${projects.map(quote).join(' ')}` : ''
  const tagArg = tags.length > 0 ? ` --grep ${quote(tags.join('|'))}` : ''
  return `${testCommand ?? 'npx playwright test'}${projectArg}${tagArg}`
}

export class PlaywrightCheck extends PlaywrightCheckSuite {
  constructor(logicalId: string, props: PlaywrightCheckProps) {
    const { playwrightConfigPath, include, pwProjects, pwTags, groupName, testCommand, ...rest } = props
    if (groupName !== undefined && rest.group === undefined) {
      throw new Error(`PlaywrightCheck "${logicalId}": groupName is not supported; pass the group construct as group`)
    }
    const command = playwrightTestCommand(testCommand ?? undefined, list(pwProjects), list(pwTags))
    const code = include === undefined ? { entrypoint: playwrightConfigPath } : { entrypoint: playwrightConfigPath, include: list(include) }
    super(logicalId, asProps<PlaywrightCheckSuiteProps>({ ...checkFields(rest), code, ...(command === undefined ? {} : { testCommand: command }) }))
    markTestOnly(this, props.testOnly)
  }
}
