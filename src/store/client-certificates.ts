/**
 * Client certificates of mutual TLS. The private key and its passphrase are sealed with the store's secret box
 * when written; the records the API reads never carry them, and only `forRuns` opens them, for the runs of the
 * account's own checks.
 */
import type { Kysely } from 'kysely'
import type { ClientCertificateFields } from '../domain/client-certificates/client-certificate.js'
import type { ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'
import type { SecretBox } from '../lib/secret-box.js'
import type { ClientCertificateRow } from './client-certificate-row.js'
import type { Database } from './schema.js'

/** What the API shows of a certificate: no key, no passphrase. */
export interface ClientCertificateRecord {
  id: string
  host: string
  cert: string
  ca: string | null
  createdAt: number
}

export interface ClientCertificateStore {
  insert(accountId: string, id: string, fields: ClientCertificateFields, at: number): Promise<ClientCertificateRecord>
  list(accountId: string): Promise<ClientCertificateRecord[]>
  get(accountId: string, id: string): Promise<ClientCertificateRecord | undefined>
  delete(accountId: string, id: string): Promise<boolean>
  /** Every certificate of the account with its key and passphrase opened, for its runs. */
  forRuns(accountId: string): Promise<ClientCertificateMaterial[]>
  /** The same for each of these accounts (a batch of runs), in one statement per 500 accounts. */
  forRunsOf(accountIds: readonly string[]): Promise<Map<string, ClientCertificateMaterial[]>>
}

const PUBLIC = ['id', 'host', 'cert', 'ca', 'created_at'] as const

const present = (r: Pick<ClientCertificateRow, (typeof PUBLIC)[number]>): ClientCertificateRecord => ({
  id: r.id,
  host: r.host,
  cert: r.cert,
  ca: r.ca,
  createdAt: Number(r.created_at),
})

export function clientCertificateStore(db: Kysely<Database>, box: SecretBox): ClientCertificateStore {
  const scoped = (accountId: string) => db.selectFrom('client_certificates').where('account_id', '=', accountId)
  async function forRunsOf(accountIds: readonly string[]): Promise<Map<string, ClientCertificateMaterial[]>> {
    const out = new Map<string, ClientCertificateMaterial[]>(accountIds.map((id) => [id, []]))
    for (let i = 0; i < accountIds.length; i += 500) {
      const rows = await db
        .selectFrom('client_certificates')
        .select(['account_id', 'host', 'cert', 'ca', 'key_sealed', 'passphrase_sealed'])
        .where('account_id', 'in', accountIds.slice(i, i + 500))
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      for (const r of rows)
        out.get(r.account_id)?.push({
          host: r.host,
          cert: r.cert,
          ca: r.ca,
          key: box.decrypt(r.key_sealed),
          passphrase: r.passphrase_sealed === null ? null : box.decrypt(r.passphrase_sealed),
        })
    }
    return out
  }
  return {
    async insert(accountId, id, f, at) {
      const row: ClientCertificateRow = {
        id,
        account_id: accountId,
        host: f.host,
        cert: f.cert,
        ca: f.ca,
        key_sealed: box.encrypt(f.key),
        passphrase_sealed: f.passphrase === null ? null : box.encrypt(f.passphrase),
        created_at: at,
      }
      await db.insertInto('client_certificates').values(row).execute()
      return present(row)
    },
    async list(accountId) {
      return (await scoped(accountId).select(PUBLIC).orderBy('created_at').orderBy('id').execute()).map(present)
    },
    async get(accountId, id) {
      const row = await scoped(accountId).select(PUBLIC).where('id', '=', id).executeTakeFirst()
      return row ? present(row) : undefined
    },
    async delete(accountId, id) {
      const r = await db.deleteFrom('client_certificates').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async forRuns(accountId) {
      return (await forRunsOf([accountId])).get(accountId) ?? []
    },
    forRunsOf,
  }
}
