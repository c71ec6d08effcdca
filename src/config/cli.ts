/**
 * What the monitoring-as-code commands (`picket login`, `deploy`, `test`, …) read from their environment:
 *   PICKET_API_URL     the service's base URL (over the saved login)
 *   PICKET_ACCOUNT_ID  the account (X-Service-Account)
 *   PICKET_API_KEY     an API key of that account (in CI: a secret of the pipeline; nothing is written to disk)
 *   PICKET_CONFIG_DIR  where `picket login` keeps its file (default $XDG_CONFIG_HOME/picket or ~/.config/picket)
 *   PICKET_CACHE_DIR   where `picket deploy` and `test` remember that unchanged files passed the type-check
 *                      (default $XDG_CACHE_HOME/picket or ~/.cache/picket); safe to delete at any time
 * The variables win over the saved login one by one, so CI can set all three and never log in.
 */
import os from 'node:os'
import path from 'node:path'
import type { Env } from './env-reader.js'

export interface CliEnvironment {
  /** The file `picket login` writes (mode 0600) and the other commands read. */
  loginFile: string
  /** The cache of passing type-checks (src/cli/code/typecheck-cache.ts). */
  cacheDir: string
  url: string | undefined
  accountId: string | undefined
  apiKey: string | undefined
}

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim())

export function readCliEnvironment(env: Env = process.env, home: string = os.homedir()): CliEnvironment {
  const configDir = nonEmpty(env.PICKET_CONFIG_DIR) ?? path.join(nonEmpty(env.XDG_CONFIG_HOME) ?? path.join(home, '.config'), 'picket')
  return {
    loginFile: path.join(configDir, 'login.json'),
    cacheDir: nonEmpty(env.PICKET_CACHE_DIR) ?? path.join(nonEmpty(env.XDG_CACHE_HOME) ?? path.join(home, '.cache'), 'picket'),
    url: nonEmpty(env.PICKET_API_URL)?.replace(/\/+$/, ''),
    accountId: nonEmpty(env.PICKET_ACCOUNT_ID),
    apiKey: nonEmpty(env.PICKET_API_KEY),
  }
}
