/**
 * Playwright check suite (checkType PLAYWRIGHT): a Playwright Test project run with its own command. The reference
 * points at an uploaded code bundle (codeBundlePath); this service has no bundle storage, so the suite's files come
 * inline in `files` and codeBundlePath is optional and only kept; without one, responses name the stored files (suite-bundle.ts). `playwrightConfig` holds the supported subset of a
 * Playwright config; a playwright.config file among `files` may set the rest of what the runner allows.
 */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import type { FieldErrorCollector } from '../errors.js'
import { commonFields } from './common-fields.js'
import { FREQUENCIES_NO_ZERO } from './enums.js'
import { IntEnum, Nullable, StringEnum, environmentVariables } from './shared-schemas.js'
import { playwrightConfigField } from './playwright-config.js'
import { parseInstallCommand, parseTestCommand } from './suite-commands.js'
import { SUITE_FILE_ENCODINGS, isBase64, isBase64File, suiteFileSize } from './suite-file.js'

export const MAX_PLAYWRIGHT_ENV_VARS = 200
export const MAX_SUITE_FILES = 100
export const MAX_SUITE_PATH = 200
export const MAX_SUITE_BYTES = 5 * 1024 * 1024
export const PLAYWRIGHT_BROWSERS = ['chromium'] as const
export const DEFAULT_TEST_COMMAND = 'npx playwright test'

/** A test file Playwright Test picks up by default: *.spec.* or *.test.* in TypeScript or JavaScript. */
export const TEST_FILE = /(^|\/)[^/]+\.(spec|test)\.(ts|js|mjs|cjs|mts|cts)$/
/** A config file at the suite's root. */
export const CONFIG_FILE = /^playwright\.config\.(ts|js|mjs|cjs)$/

const SuiteFile = Type.Object({
  path: Type.String({
    minLength: 1,
    maxLength: MAX_SUITE_PATH,
    description: 'Relative to the suite root, with / between folders: no leading /, no .. segment, no backslash. Unique.',
  }),
  // Base64 takes 4 characters for every 3 bytes: the limit on bytes is checked on the decoded size.
  content: Type.String({ maxLength: Math.ceil(MAX_SUITE_BYTES / 3) * 4, description: 'The file as UTF-8 text, or as base64 of its bytes when encoding is "base64".' }),
  encoding: Type.Optional(
    StringEnum(SUITE_FILE_ENCODINGS, {
      description: 'Absent: content is UTF-8 text. "base64": content is base64 (RFC 4648, padded, no line breaks) of the bytes, for binary files such as screenshot baselines.',
    }),
  ),
})

const nul = () => null

/** Why a relative path inside the suite is not acceptable, or null. */
export function suitePathProblem(path: string): string | null {
  if (path.startsWith('/')) return 'must be relative (no leading /)'
  if (path.includes('\\')) return 'must use / between folders (no backslash)'
  if (path.includes('\0')) return 'must not contain a NUL character'
  if (path.split('/').includes('..')) return 'must not contain a .. segment'
  return null
}

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

function validateFiles(files: unknown, errors: FieldErrorCollector): void {
  if (!Array.isArray(files) || files.length === 0) {
    errors.add('files', 'is required: at least one file, one of them a test file (e.g. tests/home.spec.ts)')
    return
  }
  const seen = new Map<string, number>()
  let bytes = 0
  let tests = 0
  files.forEach((file: unknown, i) => {
    if (!isObject(file) || typeof file.path !== 'string') return
    const problem = suitePathProblem(file.path)
    if (problem) errors.add(`files[${i}].path`, problem)
    const first = seen.get(file.path)
    if (first !== undefined) errors.add(`files[${i}].path`, `must be unique: files[${first}].path is the same`)
    else seen.set(file.path, i)
    if (TEST_FILE.test(file.path)) tests++
    if (typeof file.content !== 'string') return
    if (isBase64File(file) && !isBase64(file.content)) errors.add(`files[${i}].content`, 'must be base64 (RFC 4648, padded, no line breaks) since encoding is "base64"')
    else bytes += suiteFileSize({ content: file.content, encoding: file.encoding })
  })
  if (bytes > MAX_SUITE_BYTES) errors.add('files', `must hold at most ${MAX_SUITE_BYTES} bytes of content in total (5 MiB; base64 content counts its decoded bytes)`)
  // A config may name its own testMatch (e2e/*.e2e.js): then the run, not this check, says when nothing matches.
  const configured = files.some((file: unknown) => isObject(file) && typeof file.path === 'string' && /(^|\/)playwright\.config\.(ts|js|mjs|cjs|mts|cts)$/.test(file.path))
  if (tests === 0 && !configured)
    errors.add(
      'files',
      'must include at least one test file (*.spec.* or *.test.* with extension ts, js, mjs, cjs, mts or cts) or a playwright.config file whose testMatch finds them',
    )
}

export function validatePlaywrightSuite(doc: Doc, errors: FieldErrorCollector): void {
  validateFiles(doc.files, errors)
  const browsers = doc.browsers
  if (!Array.isArray(browsers) || browsers.length === 0 || browsers.some((b) => b !== 'chromium')) {
    errors.add('browsers', 'must be ["chromium"]: Chromium is the only browser this service runs')
  }
  if (doc.engine !== null && doc.engine !== undefined && doc.engine !== 'node') errors.add('engine', 'must be "node" or null: only Node.js runs suites here')
  if (typeof doc.workingDir === 'string') {
    const problem = suitePathProblem(doc.workingDir)
    if (problem) errors.add('workingDir', problem)
  }
  validateCommands(doc, errors)
}

/** The commands are run, not stored for show: one the runner cannot run is refused here, saying what is accepted. */
function validateCommands(doc: Doc, errors: FieldErrorCollector): void {
  if (typeof doc.testCommand === 'string') {
    const test = parseTestCommand(doc.testCommand)
    if ('error' in test) errors.add('testCommand', test.error)
    else if (test.config !== null && suitePathProblem(test.config)) errors.add('testCommand', `--config ${suitePathProblem(test.config) ?? ''}`)
  }
  if (typeof doc.installCommand === 'string') {
    const install = parseInstallCommand(doc.installCommand)
    if (install && 'error' in install) errors.add('installCommand', install.error)
  }
}

export const playwrightCheck = {
  checkType: 'PLAYWRIGHT',
  segment: 'playwright',
  frequencies: FREQUENCIES_NO_ZERO,
  required: [...(['name', 'files'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES_NO_ZERO, { default: 10 })),
    environmentVariables: { schema: environmentVariables(MAX_PLAYWRIGHT_ENV_VARS), default: () => [], keepOnNull: true },
    files: {
      schema: Nullable(
        Type.Array(SuiteFile, {
          minItems: 1,
          maxItems: MAX_SUITE_FILES,
          description:
            'The suite inline (this service has no bundle storage): test files (*.spec.ts, *.test.js...) and optionally ' +
            'playwright.config.ts|js|mjs|cjs at the root, plus any helper, fixture or package.json they need. ' +
            `1 to ${MAX_SUITE_FILES} files, at most 5 MiB of content in total (decoded bytes), at least one test file. Binary files (screenshot baselines, images) take encoding "base64". ` +
            'Required on create; an update that gives it replaces the whole list (null keeps it).',
        }),
      ),
      keepOnNull: true,
    },
    playwrightConfig: playwrightConfigField,
    playwrightVersion: {
      schema: Nullable(Type.String({ maxLength: 64, description: "The @playwright/test version the suite expects; null: the runner's." })),
      default: nul,
    },
    workingDir: {
      schema: Nullable(Type.String({ maxLength: MAX_SUITE_PATH, description: 'Folder of the suite (relative, like a file path) the commands run in; null: the root.' })),
      default: nul,
    },
    testCommand: {
      schema: Type.String({
        minLength: 1,
        maxLength: 1024,
        default: DEFAULT_TEST_COMMAND,
        description:
          "Runs the tests, in workingDir: `npx playwright test` and its options (--grep, --grep-invert, --project, --retries, --max-failures, --workers up to the runner's cap, --config, --timeout, --repeat-each, file filters), optionally after NAME=value settings. No shell runs it.",
      }),
      default: () => DEFAULT_TEST_COMMAND,
    },
    installCommand: {
      schema: Type.String({
        maxLength: 1024,
        default: '',
        description:
          "Installs the suite's dependencies from its package.json, in workingDir: `npm ci` or `npm install` with their common options. Empty: `npm ci` when a package-lock.json is there, `npm install` when only a package.json is, nothing otherwise. Installs are cached by package.json and lockfile; install scripts run only where the installation allows them.",
      }),
      default: () => '',
    },
    browsers: {
      schema: Type.Array(Type.String({ maxLength: 64 }), {
        maxItems: 10,
        default: [...PLAYWRIGHT_BROWSERS],
        description: 'Only "chromium" is supported.',
      }),
      default: () => [...PLAYWRIGHT_BROWSERS],
    },
    codeBundlePath: {
      schema: Type.String({
        minLength: 1,
        maxLength: 1024,
        description:
          'Required by the reference API, optional here and only stored: the suite comes in `files`. Without one, responses answer checks/<id>/bundles/<SHA-256 of the files>.',
      }),
    },
    engine: {
      schema: Nullable(StringEnum(['node', 'bun'] as const, { description: 'Only "node" (or null, which means node) is supported.' })),
      default: nul,
    },
    engineVersion: { schema: Nullable(Type.String({ maxLength: 64 })), default: nul },
  },
  validate: validatePlaywrightSuite,
} satisfies CheckTypeDef
