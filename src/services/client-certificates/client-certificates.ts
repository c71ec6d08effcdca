/**
 * Client certificates of mutual TLS: upload (checked before it is stored), list, read and delete, scoped to the
 * account. What the API shows never holds the private key or its passphrase.
 */
import { uses, type DepsOf } from '../resource-deps.js'
import { toIso } from '../../lib/clock.js'
import { isUuid, newId } from '../../lib/ids.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { NotFoundError, type FieldErrors } from '../../domain/errors.js'
import { buildClientCertificate } from '../../domain/client-certificates/client-certificate.js'
import type { ClientCertificateRecord } from '../../store/client-certificates.js'

export interface ClientCertificateView {
  id: string
  host: string
  cert: string
  ca: string | null
  created_at: string
}

export interface ClientCertificateService {
  /** `schemaErrors`: the reasons the body failed its schema, if it did (one 400 names every problem). */
  create(accountId: string, body: Record<string, unknown>, schemaErrors?: FieldErrors): Promise<ClientCertificateView>
  list(accountId: string): Promise<ClientCertificateView[]>
  get(accountId: string, id: string): Promise<ClientCertificateView>
  remove(accountId: string, id: string): Promise<void>
}

const present = (r: ClientCertificateRecord): ClientCertificateView => ({ id: r.id, host: r.host, cert: r.cert, ca: r.ca, created_at: toIso(r.createdAt) })

export const clientCertificateServiceUses = uses(['clientCertificates'], ['clock'])
export type ClientCertificateServiceDeps = DepsOf<typeof clientCertificateServiceUses>

export function clientCertificateService(deps: ClientCertificateServiceDeps): ClientCertificateService {
  const { stores, clock } = deps
  const store = stores.clientCertificates
  const found = async (accountId: string, id: string): Promise<ClientCertificateRecord> => {
    const record = isUuid(id) ? await store.get(accountId, id) : undefined
    if (!record) throw new NotFoundError('Client certificate', id)
    return record
  }
  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const fields = problems.valid(problems.check(() => buildClientCertificate(body)))
      return present(await store.insert(accountId, newId(), fields, clock.now()))
    },
    async list(accountId) {
      return (await store.list(accountId)).map(present)
    },
    async get(accountId, id) {
      return present(await found(accountId, id))
    },
    async remove(accountId, id) {
      await found(accountId, id)
      await store.delete(accountId, id)
    },
  }
}
