/**
 * The operator's commands on console users (`picket users list`, `picket users reset-password`), through the
 * services the CLI runs, on both databases: the listing shows each user's accounts and roles; a reset gives a
 * working random password, voids the old one and ends every session of that user only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { invitedUser, PASSWORD, setupOwner, signIn, type ConsoleUser } from '../helpers/users.js'
import { runOperatorCommand } from '../../src/cli/operator-commands.js'

describe.each(testDbs)('console users from the command line ($name)', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  let reader: ConsoleUser
  const run = async (command: Parameters<typeof runOperatorCommand>[0]) => {
    const lines: string[] = []
    await runOperatorCommand(command, t.services, (line) => lines.push(line))
    return lines.join('\n')
  }

  beforeAll(async () => {
    t = await startTestApp(db)
    owner = await setupOwner(t)
    reader = await invitedUser(t, 'reader@example.com', 'READ_ONLY')
  })
  afterAll(() => t.close())

  it('lists the users with their accounts and roles', async () => {
    const out = await run({ name: 'users list' })
    expect(out).toContain(`${owner.userId}  owner@example.com`)
    expect(out).toMatch(/owner@example\.com.*Default account \(OWNER\)/)
    expect(out).toMatch(/reader@example\.com.*Default account \(READ_ONLY\)/)
  })

  it('resets a password: the printed one works, the old one and every session of that user end', async () => {
    const out = await run({ name: 'users reset-password', email: ' Reader@Example.com ' })
    const password = /new password for reader@example\.com: (\S+)/.exec(out)?.[1] ?? ''
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect((await reader.call('GET', '/v1/checks')).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: 'reader@example.com', password: PASSWORD } })).statusCode).toBe(401)
    const again = await signIn(t, 'reader@example.com', password)
    expect((await again.call('GET', '/v1/checks')).statusCode).toBe(200)
    expect((await owner.call('GET', '/v1/checks')).statusCode).toBe(200)
  })

  it('names an unknown user', async () => {
    await expect(run({ name: 'users reset-password', email: 'nobody@example.com' })).rejects.toThrow(/nobody@example\.com not found/)
  })
})
