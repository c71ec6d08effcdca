/**
 * The reference service's own CLI (`checkly`, from the npm registry) pointed at a real Picket server with the
 * environment variables a switching team would set, running its everyday commands unchanged: each prints what the
 * account holds, and wrong input gets the client's own error and a failing exit code.
 */
import fs from 'node:fs'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../../helpers/process.js'
import { vendorCli, type VendorCliRun } from '../../helpers/vendor-cli.js'
import { NAMES, PEOPLE, seedPeople, seedVendorData, type ApiCall, type VendorData } from '../../helpers/vendor-cli-data.js'
import { writeVendorProject } from '../../helpers/vendor-cli-project.js'
import { testRunStore, type TestRunStore } from '../../helpers/scratch-database.js'

const ACCOUNT = '6f1c2d3e-4a5b-4c6d-8e7f-0011223344cc'
const OPERATOR_KEY = 'vendor-cli-operator-key-0123456789'
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const cli = await vendorCli()

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

interface Row {
  /** What the row shows, for the test name. */
  what: string
  args: (d: Data) => string[]
  /** Every one must be in what the command prints. */
  prints: (d: Data) => Array<string | RegExp>
  /** Exit code (default 0). */
  code?: number
  key?: 'operator' | 'wrong'
  cwd?: (d: Data) => string
}
type Data = VendorData & { base: string; memberId: string; testSessionId: string; resultId: string; project: string; work: string }

const rows: Row[] = [
  {
    what: 'whoami names the account, its plan and the key\u2019s user',
    args: () => ['whoami'],
    prints: () => [`You are currently on account "Default account" (${ACCOUNT}) as ${PEOPLE.owner.name}.`, 'Plan: Self-hosted'],
  },
  { what: 'whoami with an operator key', key: 'operator', args: () => ['whoami'], prints: () => [`(${ACCOUNT}) as Operator API key.`] },
  { what: 'switch to the account by id', args: () => ['switch', '--account-id', ACCOUNT], prints: () => [`Account switched to ${ACCOUNT}`] },
  {
    what: 'switch to an account the key cannot use',
    args: () => ['switch', '--account-id', UNKNOWN],
    code: 1,
    prints: () => [`Failed to find an account corresponding to account id ${UNKNOWN}`],
  },
  { what: 'runtimes', args: () => ['runtimes'], prints: () => ['"name": "2026.04"', '"stage": "CURRENT"', '"name": "2025.04"'] },
  { what: 'env ls', args: () => ['env', 'ls'], prints: () => [`${NAMES.variable}=tok-123`, new RegExp(`^${NAMES.secret}=$`, 'm')] },
  { what: 'env add', args: () => ['env', 'add', 'NEW_VAR', 'hello'], prints: () => ['Environment variable "NEW_VAR" added.'] },
  { what: 'env update', args: () => ['env', 'update', 'NEW_VAR', 'world'], prints: () => ['Environment variable "NEW_VAR" updated.'] },
  { what: 'env pull', args: () => ['env', 'pull', '--force'], cwd: (d) => d.work, prints: () => ['Environment variables written to .env'] },
  { what: 'env rm', args: () => ['env', 'rm', 'NEW_VAR', '--force'], prints: () => ['Environment variable "NEW_VAR" deleted.'] },
  {
    what: 'checks list',
    args: () => ['checks', 'list'],
    prints: (d) => [NAMES.api, NAMES.browser, NAMES.heartbeat, d.apiCheckId, d.browserCheckId, d.heartbeatCheckId, 'Showing 1-3 of 3 checks'],
  },
  { what: 'checks list filtered by type', args: () => ['checks', 'list', '--type', 'HEARTBEAT'], prints: (d) => [NAMES.heartbeat, d.heartbeatCheckId, 'Showing 1-1 of 1 checks'] },
  {
    what: 'checks get',
    args: (d) => ['checks', 'get', d.apiCheckId],
    prints: (d) => [NAMES.api, /Type:\s+API/, /Locations:\s+eu-west-1/, new RegExp(`Group:\\s+${d.groupId}`), `ID:         ${d.apiCheckId}`],
  },
  { what: 'checks get of an unknown id', args: () => ['checks', 'get', UNKNOWN], code: 1, prints: () => ['Failed to get check details.', `Check ${UNKNOWN} not found`] },
  { what: 'checks stats', args: () => ['checks', 'stats'], prints: () => ['STATS (last 24 hours)', NAMES.api, NAMES.browser, NAMES.heartbeat] },
  {
    what: 'checks run, with a link to the run\u2019s results in the console',
    args: (d) => ['checks', 'run', '--check-id', d.apiCheckId],
    prints: (d) => ['1 check session completed: 1 passed.', NAMES.api, `Open session:    ${d.base}/checks/${d.apiCheckId}/results`],
  },
  {
    what: 'checks get of one result',
    args: (d) => ['checks', 'get', d.apiCheckId, '--result', d.resultId],
    prints: (d) => [NAMES.api, d.resultId, /Status:\s+200/, 'eu-west-1'],
  },
  { what: 'checks get after the run shows its result', args: (d) => ['checks', 'get', d.apiCheckId], prints: () => ['RECENT RESULTS', /passing/] },
  { what: 'alert-channels list', args: () => ['alert-channels', 'list'], prints: () => [NAMES.channel, 'Showing 1-1 of 1 alert channels'] },
  {
    what: 'alert-channels get',
    args: (d) => ['alert-channels', 'get', String(d.alertChannelId)],
    prints: (d) => [/Type:\s+email/, /Target:\s+oncall@example.com/, new RegExp(`ID:\\s+${d.alertChannelId}`)],
  },
  { what: 'alert-channels get of an unknown id', args: () => ['alert-channels', 'get', '999999'], code: 1, prints: () => ['Alert channel 999999 not found'] },
  { what: 'status-pages list', args: () => ['status-pages', 'list'], prints: (d) => [NAMES.statusPage, 'acme-status', 'Core', NAMES.service, d.statusPageId] },
  { what: 'status-pages get', args: (d) => ['status-pages', 'get', d.statusPageId], prints: () => [NAMES.statusPage, NAMES.service, /Cards:\s+1/] },
  { what: 'incidents list', args: () => ['incidents', 'list'], prints: (d) => [NAMES.incident, 'major', 'investigating', d.incidentId] },
  {
    what: 'incidents create',
    args: (d) => ['incidents', 'create', '--status-page-id', d.statusPageId, '--title', 'Database down', '--severity', 'critical', '--message', 'Looking', '--force'],
    prints: () => ['Database down', /Severity:\s+critical/, NAMES.service],
  },
  {
    what: 'incidents update',
    args: (d) => ['incidents', 'update', d.incidentId, '--message', 'Fixing', '--status', 'identified', '--force'],
    prints: () => [/Status:\s+identified/, 'Fixing'],
  },
  { what: 'incidents resolve', args: (d) => ['incidents', 'resolve', d.incidentId, '--force'], prints: () => ['Incident Resolved', /Status:\s+resolved/] },
  { what: 'incidents list of resolved ones', args: () => ['incidents', 'list', '--status', 'resolved'], prints: () => [NAMES.incident, 'resolved'] },
  {
    what: 'members',
    args: () => ['members'],
    prints: (d) => [PEOPLE.owner.email, PEOPLE.owner.name, /OWNER/, PEOPLE.member.name, /READ_ONLY/, d.memberId, PEOPLE.invited.email, /PENDING/],
  },
  {
    what: 'members update',
    args: (d) => ['members', 'update', d.memberId, '--role', 'READ_WRITE', '--force'],
    prints: () => [`Account member "${PEOPLE.member.email}" updated.`, /READ_WRITE/],
  },
  { what: 'test-sessions list', args: () => ['test-sessions', 'list'], prints: (d) => ['Release 1.2', d.testSessionId, 'Showing 1 test session'] },
  {
    what: 'test-sessions get, with a link to its console page',
    args: (d) => ['test-sessions', 'get', d.testSessionId],
    prints: (d) => ['Release 1.2', /Status:\s+passed/, NAMES.api, `Open session:  ${d.base}/test-sessions/${d.testSessionId}`],
  },
  { what: 'test-sessions get of an unknown id', args: () => ['test-sessions', 'get', UNKNOWN], code: 1, prints: () => [`Test session ${UNKNOWN} not found`] },
  { what: 'account plan', args: () => ['account', 'plan'], prints: () => ['Plan: Self-hosted', /Locations: (\d+) of \1 available/, 'Environment variables per check'] },
  { what: 'api (a generic request)', args: (d) => ['api', `/v1/checks/${d.apiCheckId}`], prints: (d) => [`"id":"${d.apiCheckId}"`, `"name":"${NAMES.api}"`] },
  { what: 'validate of a project', args: () => ['validate'], cwd: (d) => d.project, prints: () => ['Your project is valid.'] },
  { what: 'checks delete', args: (d) => ['checks', 'delete', d.browserCheckId, '--force'], prints: () => [`Check "${NAMES.browser}" deleted.`] },
  { what: 'checks get of the deleted check', args: (d) => ['checks', 'get', d.browserCheckId], code: 1, prints: (d) => [`Check ${d.browserCheckId} not found`] },
  { what: 'a wrong API key', key: 'wrong', args: () => ['whoami'], code: 1, prints: () => [`Authentication failed with account id "${ACCOUNT}" and API key "...6789"`] },
]

describe.skipIf(!cli)(
  `the reference CLI against Picket (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'}): read and everyday commands`,
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-vendor-cli-'))
    let server: RunningServer
    let db: TestRunStore | undefined
    let target: http.Server
    let d: Data
    let ownerKey = ''

    beforeAll(async () => {
      target = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
      await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      db = await testRunStore('picket_vendor_cli')
      const store = db.env
      server = await startServer({
        DATA_DIR: path.join(work, 'data'),
        PORT: String(port),
        PUBLIC_BASE_URL: base,
        PICKET_ACCOUNT_ID: ACCOUNT,
        PICKET_API_KEY: OPERATOR_KEY,
        ...store,
      })
      const call: ApiCall = async (method, url, body) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { authorization: `Bearer ${OPERATOR_KEY}`, 'x-service-account': ACCOUNT, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
        return { status: res.status, body: res.status === 204 ? null : await res.json() }
      }
      const data = await seedVendorData(call, `http://127.0.0.1:${(target.address() as AddressInfo).port}`)
      const setupToken = /\/setup#([A-Za-z0-9_-]+)/.exec(server.stdout())?.[1] ?? ''
      const people = await seedPeople(base, setupToken, call)
      ownerKey = people.ownerKey
      const session = await call('POST', '/v1/test-sessions/trigger', {
        name: 'Release 1.2',
        runLocation: 'eu-west-1',
        target: { checkId: [data.apiCheckId], allowDeactivated: true },
      })
      const testSessionId = String((session.body as { testSessionId: string }).testSessionId)
      // The completion route answers once the session is done (or says to ask again).
      while ((await call('GET', `/v1/test-sessions/${testSessionId}/completion`)).status !== 200);
      const results = await call('GET', `/v1/check-results/${data.apiCheckId}?limit=1`)
      const resultId = String((results.body as Array<{ id: string }>)[0]?.id)
      d = { ...data, base, memberId: people.memberId, testSessionId, resultId, project: writeVendorProject(work, cli?.root ?? ''), work }
    }, PROCESS_TEST_TIMEOUT_MS)

    afterAll(async () => {
      await server?.stop()
      await db?.drop()
      target?.close()
      stopStrayProcesses()
      fs.rmSync(work, { recursive: true, force: true })
    })

    const run = (row: Row): Promise<VendorCliRun> =>
      cli!.run(row.args(d), {
        apiUrl: d.base,
        accountId: ACCOUNT,
        apiKey: row.key === 'operator' ? OPERATOR_KEY : row.key === 'wrong' ? 'wrong-key-000006789' : ownerKey,
        ...(row.cwd ? { cwd: row.cwd(d) } : {}),
      })

    it.each(rows.map((r) => [r.what, r] as const))('%s', async (_, row) => {
      const result = await run(row)
      expect(result.code, result.output).toBe(row.code ?? 0)
      // The client wraps long messages at the terminal's width: text is compared with its white space collapsed.
      const flat = (text: string) => text.replace(/\s+/g, ' ')
      for (const want of row.prints(d)) {
        if (typeof want === 'string') expect(flat(result.output)).toContain(flat(want))
        else expect(result.output).toMatch(want)
      }
    })

    it('env pull wrote the account\u2019s variables to .env', () => {
      const env = fs.readFileSync(path.join(d.work, '.env'), 'utf8')
      expect(env).toContain(`${NAMES.variable}=tok-123`)
      expect(env).toContain('NEW_VAR=world')
    })
  },
)
