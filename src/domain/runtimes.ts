/**
 * The runtimes of the public API (GET /v1/runtimes): fixed sets of Node.js and npm packages that browser,
 * multi-step and script checks run with, each naming its Node.js and Playwright versions.
 * Every runtime the public API lists is still accepted by checks, so none is REMOVED; older ones are DEPRECATED and
 * carry the date after which they may be dropped.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from './checks/shared-schemas.js'
import type { RUNTIME_IDS } from './checks/enums.js'

export const RUNTIME_STAGES = ['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE'] as const

export const RuntimeSchema = Type.Object({
  name: Type.String({ description: 'The unique name of the runtime, e.g. 2026.04.' }),
  multiStepSupport: Type.Boolean({ description: 'Whether multi-step checks can use this runtime.' }),
  nodeJsVersion: Type.String({ description: 'The full Node.js version.' }),
  dependencies: Type.Record(Type.String(), Type.String(), { description: 'Package name to version, as in a package.json.' }),
  stage: StringEnum(RUNTIME_STAGES),
  runtimeEndOfLife: Type.String({ description: 'Date the runtime is removed, month/day/year.', examples: ['04/30/2028'] }),
  description: Type.String({ description: 'A short summary of the main updates.' }),
})
export type Runtime = Static<typeof RuntimeSchema> & { name: (typeof RUNTIME_IDS)[number] }

type Deps = Record<string, string>

/** Packages every runtime ships, at the versions of its generation, plus Playwright itself. */
const withPlaywright = (playwright: string, packages: Deps): Deps => ({
  '@playwright/test': playwright,
  playwright,
  ...packages,
})

const NODE_24: Deps = {
  '@axe-core/playwright': '4.11.0',
  '@checkly/playwright-helpers': '1.0.3',
  '@faker-js/faker': '9.9.0',
  '@opentelemetry/api': '1.9.0',
  '@opentelemetry/sdk-trace-base': '2.2.0',
  aws4: '1.13.2',
  axios: '1.12.2',
  chai: '5.2.1',
  'crypto-js': '4.2.0',
  'date-fns': '4.1.0',
  dotenv: '17.2.3',
  'form-data': '4.0.4',
  jose: '6.1.0',
  jsonwebtoken: '9.0.2',
  lodash: '4.17.21',
  moment: '2.30.1',
  otpauth: '9.4.1',
  uuid: '13.0.0',
  ws: '8.18.3',
  xml2js: '0.6.2',
  zod: '4.1.12',
}

const NODE_22: Deps = {
  '@axe-core/playwright': '4.10.1',
  '@checkly/playwright-helpers': '1.0.3',
  '@faker-js/faker': '9.6.0',
  '@opentelemetry/api': '1.9.0',
  '@opentelemetry/sdk-trace-base': '1.30.1',
  aws4: '1.13.2',
  axios: '1.8.4',
  chai: '5.2.0',
  'crypto-js': '4.2.0',
  'date-fns': '4.1.0',
  dotenv: '16.4.7',
  'form-data': '4.0.2',
  jose: '6.0.10',
  jsonwebtoken: '9.0.2',
  lodash: '4.17.21',
  moment: '2.30.1',
  otpauth: '9.4.0',
  uuid: '11.1.0',
  ws: '8.18.1',
  xml2js: '0.6.2',
  zod: '3.24.2',
}

const NODE_18_2024: Deps = {
  '@axe-core/playwright': '4.9.1',
  '@checkly/playwright-helpers': '1.0.2',
  '@faker-js/faker': '8.4.1',
  '@opentelemetry/api': '1.9.0',
  '@opentelemetry/sdk-trace-base': '1.25.1',
  aws4: '1.13.0',
  axios: '1.7.7',
  chai: '4.4.1',
  'crypto-js': '4.2.0',
  'date-fns': '3.6.0',
  dotenv: '16.4.5',
  'form-data': '4.0.0',
  jose: '5.6.3',
  jsonwebtoken: '9.0.2',
  lodash: '4.17.21',
  moment: '2.30.1',
  otpauth: '9.3.1',
  uuid: '10.0.0',
  ws: '8.18.0',
  xml2js: '0.6.2',
  zod: '3.23.8',
}

const NODE_18_2023: Deps = {
  '@axe-core/playwright': '4.7.3',
  '@checkly/playwright-helpers': '0.0.6',
  '@faker-js/faker': '8.1.0',
  aws4: '1.12.0',
  axios: '1.5.0',
  chai: '4.3.8',
  'crypto-js': '4.1.1',
  'date-fns': '2.30.0',
  dotenv: '16.3.1',
  'form-data': '4.0.0',
  jose: '4.14.6',
  jsonwebtoken: '9.0.2',
  lodash: '4.17.21',
  moment: '2.29.4',
  otpauth: '9.1.4',
  uuid: '9.0.1',
  ws: '8.14.1',
  xml2js: '0.6.2',
}

const NODE_16: Deps = {
  '@axe-core/playwright': '4.5.2',
  '@faker-js/faker': '7.6.0',
  aws4: '1.11.0',
  axios: '0.27.2',
  chai: '4.3.7',
  'crypto-js': '4.1.1',
  'date-fns': '2.29.3',
  dotenv: '16.0.3',
  'form-data': '4.0.0',
  jose: '4.11.2',
  jsonwebtoken: '8.5.1',
  lodash: '4.17.21',
  moment: '2.29.4',
  otpauth: '9.0.2',
  uuid: '9.0.0',
  ws: '8.11.0',
  xml2js: '0.4.23',
}

const runtime = (name: Runtime['name'], node: string, playwright: string, packages: Deps, rest: Pick<Runtime, 'multiStepSupport' | 'stage' | 'runtimeEndOfLife'>): Runtime => ({
  name,
  multiStepSupport: rest.multiStepSupport,
  nodeJsVersion: node,
  dependencies: withPlaywright(playwright, packages),
  stage: rest.stage,
  runtimeEndOfLife: rest.runtimeEndOfLife,
  description: `Main updates are Playwright ${playwright} and Node.js ${node.split('.')[0] ?? node}`,
})

/** Newest first, as the public API lists them. */
export const RUNTIMES: readonly Runtime[] = [
  runtime('2026.04', '24.13.1', '1.58.2', NODE_24, { multiStepSupport: true, stage: 'CURRENT', runtimeEndOfLife: '04/30/2028' }),
  runtime('2025.04', '22.11.0', '1.51.1', NODE_22, { multiStepSupport: true, stage: 'STABLE', runtimeEndOfLife: '10/31/2027' }),
  runtime('2024.09', '18.20.3', '1.48.2', NODE_18_2024, { multiStepSupport: true, stage: 'DEPRECATED', runtimeEndOfLife: '04/30/2027' }),
  runtime('2024.02', '18.20.3', '1.42.1', NODE_18_2024, { multiStepSupport: true, stage: 'DEPRECATED', runtimeEndOfLife: '12/31/2026' }),
  runtime('2023.09', '18.20.3', '1.38.1', NODE_18_2023, { multiStepSupport: true, stage: 'DEPRECATED', runtimeEndOfLife: '12/31/2026' }),
  runtime('2023.02', '16.20.2', '1.32.3', NODE_16, { multiStepSupport: false, stage: 'DEPRECATED', runtimeEndOfLife: '10/31/2026' }),
  runtime('2022.10', '16.20.2', '1.28.0', NODE_16, { multiStepSupport: false, stage: 'DEPRECATED', runtimeEndOfLife: '10/31/2026' }),
]

export const runtimeById = (id: string): Runtime | undefined => RUNTIMES.find((r) => r.name === id)
