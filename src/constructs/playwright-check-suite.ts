/**
 * A Playwright check suite (POST /v1/checks/playwright): a whole Playwright Test project run as one check. Props are
 * its create body with `code` instead of `files`: the files inline, or an entry point (the suite's
 * playwright.config.*, or its folder) whose folder's test files and their imports become `files` (suite-files.ts).
 */
import { playwrightCheck } from '../domain/checks/playwright.js'
import { Check, type CheckPayload, type CheckProps } from './check.js'
import type { Simplify } from './schema-types.js'
import { readSuiteFiles, resolveSuiteCode, type ResolvedSuite, type SuiteCode } from './suite-files.js'

export type PlaywrightCheckSuiteProps = Simplify<Omit<CheckProps<typeof playwrightCheck>, 'files'> & { code: SuiteCode }>
export type PlaywrightCheckSuitePayload = CheckPayload<typeof playwrightCheck>

export class PlaywrightCheckSuite extends Check {
  readonly props: PlaywrightCheckSuiteProps
  private readonly suite: ResolvedSuite

  constructor(logicalId: string, props: PlaywrightCheckSuiteProps) {
    const { code, ...body } = props
    super(logicalId, { checkType: 'playwright', frequencies: playwrightCheck.frequencies }, body)
    this.props = props
    this.suite = resolveSuiteCode(code, this.declaredIn, String(this))
  }

  protected override computedFields(): Record<string, unknown> {
    return { files: readSuiteFiles(this.suite, String(this)) }
  }
}
