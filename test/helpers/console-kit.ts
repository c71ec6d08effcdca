/**
 * The web console as its users meet it: the real service process on a fresh SQLite database (engine on), its
 * one-time setup link read from what the first start prints, and a headless Chromium signed in through the
 * console's own pages.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { startServer, type RunningServer } from './process.js'

export interface ConsoleService {
  server: RunningServer
  baseUrl: string
  /** The token of the setup link printed at the first start. */
  setupToken: string
  /** The bootstrap account and key printed at the first start. */
  accountId: string
  apiKey: string
  stop(): Promise<void>
}

export async function startConsoleService(env: Record<string, string> = {}): Promise<ConsoleService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'picket-console-'))
  const server = await startServer({ DATA_DIR: dataDir, ...env })
  const out = server.stdout()
  const setupToken = /\/setup#([A-Za-z0-9_-]+)/.exec(out)?.[1] ?? ''
  const accountId = /X-Service-Account: (\S+)/.exec(out)?.[1] ?? ''
  const apiKey = /Authorization: Bearer (\S+)/.exec(out)?.[1] ?? ''
  return {
    server,
    baseUrl: server.baseUrl,
    setupToken,
    accountId,
    apiKey,
    async stop() {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Calls the API as a script would, with the bootstrap key. */
export async function apiCall(svc: ConsoleService, method: string, url: string, body?: unknown): Promise<{ status: number; json: () => Promise<unknown> }> {
  const res = await fetch(`${svc.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${svc.apiKey}`, 'x-service-account': svc.accountId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, json: () => res.json() as Promise<unknown> }
}

/** Someone who sets up a new installation through the console. */
export interface ConsoleOwner {
  name: string
  email: string
  password: string
}

/** Creates the first user through the console's one-time setup page; returns with `page` signed in on the checks list. */
export async function setUpOwner(page: Page, svc: ConsoleService, owner: ConsoleOwner): Promise<void> {
  await page.goto(`${svc.baseUrl}/setup#${svc.setupToken}`)
  await page.getByLabel('Your name').fill(owner.name)
  await page.getByLabel('E-mail').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Create user and sign in' }).click()
  await page.getByRole('heading', { level: 1, name: 'Checks' }).waitFor()
}
