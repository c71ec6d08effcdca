/** The row of a client certificate of mutual TLS (migrations/019-client-certificates.ts). */
export interface ClientCertificateRow {
  id: string
  account_id: string
  host: string
  cert: string
  ca: string | null
  key_sealed: string
  passphrase_sealed: string | null
  created_at: number
}
