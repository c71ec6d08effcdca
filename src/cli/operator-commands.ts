/** The operator commands on accounts, API keys and console users, run against the services they are given. */
import type { AccountService } from '../services/accounts/accounts.js'
import type { UserAdminService } from '../services/users/user-admin.js'
import type { CliCommand } from './parse-command.js'

export type OperatorCommand = Exclude<CliCommand, { name: 'serve' } | { name: 'agent' }>

export interface OperatorDeps {
  accounts: AccountService
  userAdmin: UserAdminService
}

export async function runOperatorCommand(command: OperatorCommand, deps: OperatorDeps, out: (line: string) => void): Promise<void> {
  const { accounts } = deps
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
      return
    case 'users list': {
      const users = await deps.userAdmin.list()
      if (users.length === 0) out('No console users yet: open the setup link the service prints at start.')
      for (const u of users) {
        const roles = u.accounts.map((a) => `${a.name} (${a.role})`).join(', ') || 'no account'
        out([u.id, u.email, u.name, roles].filter(Boolean).join('  '))
      }
      return
    }
    case 'users reset-password': {
      const password = await deps.userAdmin.resetPassword(command.email)
      out(`new password for ${command.email.trim().toLowerCase()}: ${password}\nIt is shown only this once; the user's sessions have ended. They can change it under Your profile.`)
    }
  }
}
