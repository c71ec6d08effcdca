/**
 * What a project's fields say about environment variables the files read and found unset: the text "undefined"
 * where a template literal put one, and a variable construct left without a value. Pure, on resources as loaded.
 */
import { describe, expect, it } from 'vitest'
import { describeEnvProblem, findEnvProblems, type EnvProblem, type LoadedEntry } from '../../src/cli/code/env-problems.js'
import type { UnsetEnvRead } from '../../src/cli/code/unset-env-reads.js'

const api = (headerValue: string, extra: Record<string, unknown> = {}): LoadedEntry => ({
  label: 'ApiCheck "orders-api"',
  file: 'checks/api.check.ts',
  resource: {
    kind: 'check',
    checkType: 'api',
    logicalId: 'orders-api',
    payload: { name: 'Orders', request: { url: 'https://x', headers: [{ key: 'Authorization', value: headerValue }] }, ...extra },
  },
})
const variable = (value: string | undefined): LoadedEntry => ({
  label: 'EnvironmentVariable "ORDERS_TOKEN"',
  file: 'checks/api.check.ts',
  resource: { kind: 'variable', logicalId: 'ORDERS_TOKEN', payload: value === undefined ? { key: 'ORDERS_TOKEN', secret: true } : { key: 'ORDERS_TOKEN', value, secret: true } },
})
const read = (name: string, file = 'checks/api.check.ts'): UnsetEnvRead => ({ name, file })
const undefinedText = (field: string, variables: string[]): EnvProblem => ({
  kind: 'undefined-text',
  resource: 'check:orders-api',
  label: 'ApiCheck "orders-api"',
  file: 'checks/api.check.ts',
  field,
  variables,
})
const missingValue = (variables: string[]): EnvProblem => ({
  kind: 'missing-value',
  resource: 'variable:ORDERS_TOKEN',
  label: 'EnvironmentVariable "ORDERS_TOKEN"',
  file: 'checks/api.check.ts',
  field: 'value',
  variables,
})

const group: LoadedEntry = { label: 'CheckGroup "web"', file: 'checks/web.check.ts', resource: { kind: 'check-group', logicalId: 'web', payload: { name: 'Web' } } }

describe('findEnvProblems', () => {
  it.each<[string, LoadedEntry, UnsetEnvRead[], EnvProblem[]]>([
    ['an unset variable interpolated into a header', api('Bearer undefined'), [read('ORDERS_TOKEN')], [undefinedText('request.headers[0].value', ['ORDERS_TOKEN'])]],
    ['"undefined" when no unset variable was read', api('Bearer undefined'), [], []],
    ['"undefined" only inside a word', api('Bearer undefinedness'), [read('ORDERS_TOKEN')], []],
    ['a set variable', api('Bearer t0k3n'), [read('ORDERS_TOKEN')], []],
    ['an unset variable read by a helper the file imports', api('Bearer undefined'), [read('TOKEN', 'lib/env.ts')], [undefinedText('request.headers[0].value', ['TOKEN'])]],
    ['an unset variable read by another check file only', api('Bearer undefined'), [read('SITE_URL', 'checks/web.check.ts')], []],
    [
      'the reads of the declaring file and of helpers',
      api('Bearer undefined'),
      [read('SITE_URL', 'checks/web.check.ts'), read('TOKEN', 'lib/env.ts'), read('ORDERS_TOKEN')],
      [undefinedText('request.headers[0].value', ['TOKEN', 'ORDERS_TOKEN'])],
    ],
    ['a URL built from an unset variable', api('x', { request: { url: 'undefined/orders' } }), [read('SITE_URL')], [undefinedText('request.url', ['SITE_URL'])]],
    ['code, where undefined is a word of JavaScript', api('x', { localSetupScript: 'if (x === undefined) throw 1' }), [read('SITE_URL')], []],
    ['a variable with no value, its key read unset', variable(undefined), [read('OTHER'), read('ORDERS_TOKEN')], [missingValue(['ORDERS_TOKEN'])]],
    ['a variable with no value, another name read unset', variable(undefined), [read('TOKEN')], [missingValue(['TOKEN'])]],
    ['a variable with no value, nothing read unset', variable(undefined), [], [missingValue([])]],
    ['a variable with no value, another check file read one unset', variable(undefined), [read('SITE_URL', 'checks/web.check.ts')], [missingValue(['SITE_URL'])]],
    ['a variable whose value is "undefined"', variable('undefined'), [read('ORDERS_TOKEN')], [{ ...missingValue(['ORDERS_TOKEN']), kind: 'undefined-text' }]],
    ['a variable with a value', variable('t0k3n'), [read('ORDERS_TOKEN')], []],
  ])('%s', (_name, entry, reads, problems) => {
    expect(findEnvProblems([entry, group], reads)).toEqual(problems)
  })
})

describe('describeEnvProblem', () => {
  it.each<[EnvProblem, string]>([
    [
      undefinedText('request.headers[0].value', ['ORDERS_TOKEN']),
      'ApiCheck "orders-api" (checks/api.check.ts): request.headers[0].value holds "undefined" (is the environment variable ORDERS_TOKEN set?)',
    ],
    [undefinedText('request.url', ['A', 'B']), 'ApiCheck "orders-api" (checks/api.check.ts): request.url holds "undefined" (are the environment variables A and B set?)'],
    [missingValue(['ORDERS_TOKEN']), 'EnvironmentVariable "ORDERS_TOKEN" (checks/api.check.ts): value is missing (is the environment variable ORDERS_TOKEN set?)'],
    [missingValue([]), 'EnvironmentVariable "ORDERS_TOKEN" (checks/api.check.ts): value is missing (give it a string)'],
  ])('%j', (problem, text) => {
    expect(describeEnvProblem(problem)).toBe(text)
  })
})
