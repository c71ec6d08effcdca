/**
 * Which config file makes a folder a project, and what its default export means. A `picket.config.ts` exports
 * Picket's config; a project written for the hosted service's CLI has a `checkly.config.ts` (or .mts, .js, .mjs,
 * .cjs) whose `defineConfig` from 'checkly' is translated into Picket's (src/constructs/compat/config.ts), its
 * `cli.runLocation` kept for `picket test`. A picket.config.ts wins where both are present.
 */
import path from 'node:path'
import { toProjectConfig, type ChecklyConfig } from '../../constructs/compat/config.js'
import type { ProjectConfig } from '../../constructs/index.js'
import { CliError } from './api-client.js'

export const PICKET_CONFIG_NAMES = ['picket.config.ts', 'picket.config.mts']
export const CHECKLY_CONFIG_NAMES = ['checkly.config.ts', 'checkly.config.mts', 'checkly.config.cts', 'checkly.config.js', 'checkly.config.mjs', 'checkly.config.cjs']
export const CONFIG_NAMES = [...PICKET_CONFIG_NAMES, ...CHECKLY_CONFIG_NAMES]

export const isChecklyConfig = (file: string): boolean => CHECKLY_CONFIG_NAMES.includes(path.basename(file))

export interface ReadConfig {
  config: ProjectConfig
  /** Where `picket test` runs every check (the hosted service's `cli.runLocation`). */
  runLocation?: string | undefined
}

/** The config from the file's exports; a CliError naming the file when it is not one. */
export function readProjectConfig(file: string, exported: unknown, cwd: string): ReadConfig {
  const shown = path.relative(cwd, file)
  const value = (exported as { default?: unknown } | undefined)?.default
  if (isChecklyConfig(file)) {
    if (!value || typeof value !== 'object') throw new CliError(`${shown} must export default defineConfig({ projectName: '…', logicalId: '…', … })`)
    const { config, cli, problems } = toProjectConfig(value as ChecklyConfig)
    if (problems.length > 0) throw new CliError(`${shown}: ${problems.join('; ')}`)
    return { config, runLocation: cli.runLocation }
  }
  const config = value as ProjectConfig | undefined
  if (!config || typeof config !== 'object' || typeof config.logicalId !== 'string') {
    throw new CliError(`${shown} must export default defineConfig({ logicalId: '…', … })`)
  }
  return { config }
}
