import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-e2e-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const api = (baseUrl: string, accountId: string, key: string) => async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'x-service-account': accountId, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) }
}

describe('the service and CLI as real processes on embedded SQLite', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  afterAll(stopStrayProcesses)

  // One data folder through a first start, CLI changes while it runs, and a restart: one process start per step.
  describe('a first start, the CLI beside it, and a restart', () => {
    const env = { DATA_DIR: tempDir() }
    let server: RunningServer
    let accountId = ''
    let key = ''
    let checkId = ''
    beforeAll(async () => {
      server = await startServer(env)
    }, PROCESS_TEST_TIMEOUT_MS)
    afterAll(async () => {
      await server.stop()
    })

    it('prints the first account and key once', async () => {
      const banner = /X-Service-Account: (\S+)\n\s+Authorization: Bearer (\S+)/.exec(server.stdout())
      expect(banner, server.stdout()).not.toBeNull()
      ;[, accountId = '', key = ''] = banner ?? []
      const created = await api(server.baseUrl, accountId, key)('POST', '/v1/checks/api', { name: 'persisted', request: { url: 'https://example.com' } })
      expect(created.status).toBe(201)
      checkId = String(created.body?.id)
    })

    it('manages accounts and keys from the CLI while the service runs on the same database', async () => {
      const cli = await runCli(['accounts', 'create', '--name', 'Team B'], env)
      expect(cli.code, cli.stderr).toBe(0)
      const otherAccount = /account: (\S+)/.exec(cli.stdout)?.[1] ?? ''
      const otherKeyId = /key id:\s+(\S+)/.exec(cli.stdout)?.[1] ?? ''
      const otherKey = /api key: (\S+)/.exec(cli.stdout)?.[1] ?? ''
      const asOther = api(server.baseUrl, otherAccount, otherKey)
      expect((await asOther('GET', '/v1/checks')).body).toEqual([])
      expect((await asOther('GET', `/v1/checks/${checkId}`)).status).toBe(404)

      const listed = await runCli(['keys', 'list', '--account', otherAccount], env)
      expect(listed.stdout).toContain(otherKeyId)
      expect(listed.stdout).not.toContain(otherKey)
      const revoked = await runCli(['keys', 'revoke', otherKeyId], env)
      expect(revoked.code, revoked.stderr).toBe(0)
      expect((await asOther('GET', '/v1/checks')).status).toBe(401)
    })

    it('keeps its data across a SIGTERM restart and does not print the key again', async () => {
      expect(await server.stop('SIGTERM')).toBe(0)
      server = await startServer(env)
      expect(server.stdout()).not.toContain('Authorization: Bearer')
      const again = await api(server.baseUrl, accountId, key)('GET', `/v1/checks/${checkId}`)
      expect(again.status).toBe(200)
      expect(again.body?.name).toBe('persisted')
    })
  })

  it('uses PICKET_ACCOUNT_ID and PICKET_API_KEY for the first account', async () => {
    const accountId = '3f1e0c6a-1a2b-4c3d-8e9f-000000000001'
    const key = 'test-known-key-0123456789'
    const server = await startServer({ DATA_DIR: tempDir(), PICKET_ACCOUNT_ID: accountId, PICKET_API_KEY: key })
    try {
      expect(server.stdout()).toContain(accountId)
      expect((await api(server.baseUrl, accountId, key)('GET', '/v1/checks')).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  it('fails fast on bad configuration, naming every problem', async () => {
    await expect(startServer({ DATA_DIR: tempDir(), PORT: 'abc', DATABASE_URL: 'mysql://x' })).rejects.toThrow(/PORT[\s\S]*DATABASE_URL/)
  })

  it('the CLI reports an unknown key without a stack trace', async () => {
    const bad = await runCli(['keys', 'revoke', '00000000-0000-0000-0000-000000000000'], { DATA_DIR: tempDir() })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('not found')
    expect(bad.stderr).not.toMatch(/^\s+at /m)
  })
})
