/** Operator CLI: accounts and API keys. Usage: npm run cli -- <command> (see `help`). */
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config/load.js'
import { DomainError } from '../domain/errors.js'
import { openServices } from './open.js'

const USAGE = `Usage: picket <command> [options]   (or: npm run cli -- <command> [options])

Commands:
  accounts create [--name NAME]            Create an account and its first API key (printed once)
  accounts list                            List accounts
  keys create --account ID [--name NAME]   Create another API key for an account (printed once)
  keys list --account ID                   List an account's keys (hashes are never shown)
  keys revoke KEY_ID                       Revoke a key; it stops working at once

The store is the one the service uses: DATABASE_URL, or SQLite under DATA_DIR (default ./data).`

export async function runCli(argv: string[], out: (line: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, account: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  const [group, action, arg] = positionals
  if (values.help || !group || group === 'help') {
    out(USAGE)
    return group || values.help ? 0 : 1
  }
  const { store, services } = await openServices(loadConfig())
  try {
    const a = services.accounts
    const key = `${group} ${action ?? ''}`.trim()
    if (key === 'accounts create') {
      const created = await a.createAccount(values.name ?? 'Account')
      out(`account: ${created.accountId}\nkey id:  ${created.keyId}\napi key: ${created.apiKey}`)
    } else if (key === 'accounts list') {
      for (const acc of await a.listAccounts()) out(`${acc.id}  ${new Date(acc.createdAt).toISOString()}  ${acc.name}`)
    } else if (key === 'keys create' && values.account) {
      const created = await a.createKey(values.account, values.name ?? 'api key')
      out(`key id:  ${created.keyId}\napi key: ${created.apiKey}`)
    } else if (key === 'keys list' && values.account) {
      for (const k of await a.listKeys(values.account)) {
        out(`${k.id}  ${k.prefix}  ${k.revokedAt ? 'revoked' : 'active '}  ${k.name}`)
      }
    } else if (key === 'keys revoke' && arg) {
      await a.revokeKey(arg)
      out(`revoked ${arg}`)
    } else {
      out(USAGE)
      return 1
    }
    return 0
  } finally {
    await store.close()
  }
}

const isMain = process.argv[1] !== undefined && /cli\.(ts|js)$/.test(process.argv[1])
if (isMain) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      const message = err instanceof ConfigError || err instanceof DomainError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)
      process.stderr.write(`${message}\n`)
      process.exit(1)
    },
  )
}
