/** The operator commands on accounts and API keys, run against the account service they are given. */
import type { AccountService } from '../services/accounts.js'
import type { CliCommand } from './parse-command.js'

export type OperatorCommand = Exclude<CliCommand, { name: 'serve' }>

export async function runOperatorCommand(command: OperatorCommand, accounts: AccountService, out: (line: string) => void): Promise<void> {
  switch (command.name) {
    case 'accounts create': {
      const created = await accounts.createAccount(command.accountName)
      out(`account: ${created.accountId}\nkey id:  ${created.keyId}\napi key: ${created.apiKey}`)
      return
    }
    case 'accounts list':
      for (const acc of await accounts.listAccounts()) out(`${acc.id}  ${new Date(acc.createdAt).toISOString()}  ${acc.name}`)
      return
    case 'keys create': {
      const created = await accounts.createKey(command.accountId, command.keyName)
      out(`key id:  ${created.keyId}\napi key: ${created.apiKey}`)
      return
    }
    case 'keys list':
      for (const k of await accounts.listKeys(command.accountId)) out(`${k.id}  ${k.prefix}  ${k.revokedAt ? 'revoked' : 'active '}  ${k.name}`)
      return
    case 'keys revoke':
      await accounts.revokeKey(command.keyId)
      out(`revoked ${command.keyId}`)
  }
}
