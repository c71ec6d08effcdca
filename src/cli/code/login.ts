/**
 * `picket login`, `logout`, `whoami`, and where every other command gets its login: the environment
 * (PICKET_API_URL, PICKET_ACCOUNT_ID, PICKET_API_KEY; src/config/cli.ts) over the file `login` saved. The file is
 * written with mode 0600 in a 0700 folder and holds only these three values.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { CliEnvironment } from '../../config/cli.js'
import { apiClient, CliError, type ApiClient, type Login } from './api-client.js'

type Saved = Partial<Login>

async function readSaved(file: string): Promise<Saved> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
    const str = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : undefined)
    return { url: str('url'), accountId: str('accountId'), apiKey: str('apiKey') }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new CliError(`cannot read the saved login ${file}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** Where the values came from, for whoami. */
export interface ResolvedLogin extends Login {
  source: { url: 'env' | 'file'; accountId: 'env' | 'file'; apiKey: 'env' | 'file' }
}

export async function resolveLogin(env: CliEnvironment): Promise<ResolvedLogin> {
  const saved = await readSaved(env.loginFile)
  const url = env.url ?? saved.url
  const accountId = env.accountId ?? saved.accountId
  const apiKey = env.apiKey ?? saved.apiKey
  if (!url || !accountId || !apiKey) {
    const missing = [!url && 'PICKET_API_URL', !accountId && 'PICKET_ACCOUNT_ID', !apiKey && 'PICKET_API_KEY'].filter(Boolean).join(', ')
    throw new CliError(`not logged in: run picket login --url URL --account ID --key KEY, or set ${missing}`)
  }
  const from = (v: string | undefined) => (v === undefined ? 'file' : 'env') as 'env' | 'file'
  return { url, accountId, apiKey, source: { url: from(env.url), accountId: from(env.accountId), apiKey: from(env.apiKey) } }
}

interface AccountView {
  id: string
  name: string
}

/** Asks the service who the key is: proves the URL, account and key work together. */
export async function whoIs(client: ApiClient): Promise<AccountView> {
  return (await client.call<AccountView>('GET', '/v1/accounts/me')).body
}

const validUrl = (raw: string): string => {
  try {
    const u = new URL(raw)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http')
    return raw.replace(/\/+$/, '')
  } catch {
    throw new CliError(`--url must be an http:// or https:// URL (got "${raw}")`)
  }
}

export async function login(env: CliEnvironment, given: { url?: string; account?: string; key?: string }, out: (s: string) => void): Promise<void> {
  const url = given.url ?? env.url
  const accountId = given.account ?? env.accountId
  const apiKey = given.key ?? env.apiKey
  if (!url || !accountId || !apiKey) {
    const missing = [!url && '--url', !accountId && '--account', !apiKey && '--key'].filter(Boolean).join(', ')
    throw new CliError(`login needs ${missing} (or PICKET_API_URL, PICKET_ACCOUNT_ID, PICKET_API_KEY)`)
  }
  const creds: Login = { url: validUrl(url), accountId, apiKey }
  const account = await whoIs(apiClient(creds))
  await fs.mkdir(path.dirname(env.loginFile), { recursive: true, mode: 0o700 })
  await fs.writeFile(env.loginFile, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 })
  await fs.chmod(env.loginFile, 0o600)
  out(`Logged in to ${creds.url} as account "${account.name}" (${account.id}); saved in ${env.loginFile}`)
}

export async function logout(env: CliEnvironment, out: (s: string) => void): Promise<void> {
  await fs.rm(env.loginFile, { force: true })
  out(`Forgot the saved login (${env.loginFile})`)
}

export async function whoami(env: CliEnvironment, out: (s: string) => void): Promise<void> {
  const resolved = await resolveLogin(env)
  const account = await whoIs(apiClient(resolved))
  const key = `${resolved.apiKey.slice(0, 6)}…`
  out(
    [
      `Service: ${resolved.url}${resolved.source.url === 'env' ? ' (PICKET_API_URL)' : ''}`,
      `Account: ${account.name} (${account.id})${resolved.source.accountId === 'env' ? ' (PICKET_ACCOUNT_ID)' : ''}`,
      `Key:     ${key}${resolved.source.apiKey === 'env' ? ' (PICKET_API_KEY)' : ` (saved in ${env.loginFile})`}`,
    ].join('\n'),
  )
}
