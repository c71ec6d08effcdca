/**
 * Certificates for SSL check tests, made at test time with the system `openssl`: a CA, leaf certificates it signs
 * (for chosen names, valid for chosen days, -1 for one that has expired), self-signed ones, and a stapled OCSP
 * answer for a leaf (good or revoked) signed by the CA.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Leaf {
  cert: string
  key: string
  /** The OCSP answer for this certificate, DER, when asked for. */
  ocsp?: Buffer
}

export interface SslCerts {
  caCert: string
  leaf(options: { names: string[]; days: number; selfSigned?: boolean; ocsp?: 'good' | 'revoked' }): Leaf
  cleanup(): void
}

export function makeSslCerts(): SslCerts {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-ssl-'))
  const f = (name: string) => path.join(dir, name)
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  const key = (name: string) => run(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', f(name)])
  key('ca.key')
  run(['req', '-x509', '-new', '-key', f('ca.key'), '-subj', '/CN=Picket SSL Test CA', '-days', '2', '-out', f('ca.pem')])
  let n = 0
  return {
    caCert: fs.readFileSync(f('ca.pem'), 'utf8'),
    leaf({ names, days, selfSigned, ocsp }) {
      const id = `leaf${n++}`
      key(`${id}.key`)
      const san = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',')
      fs.writeFileSync(f(`${id}.ext`), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`)
      run(['req', '-new', '-key', f(`${id}.key`), '-subj', `/CN=${names[0] ?? 'leaf'}`, '-out', f(`${id}.csr`)])
      const signer = selfSigned ? ['-signkey', f(`${id}.key`)] : ['-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial']
      run(['x509', '-req', '-in', f(`${id}.csr`), ...signer, '-days', String(days), '-extfile', f(`${id}.ext`), '-out', f(`${id}.pem`)])
      const leaf: Leaf = { cert: fs.readFileSync(f(`${id}.pem`), 'utf8'), key: fs.readFileSync(f(`${id}.key`), 'utf8') }
      if (ocsp) {
        const serial = execFileSync('openssl', ['x509', '-in', f(`${id}.pem`), '-noout', '-serial'], { encoding: 'utf8' })
          .trim()
          .split('=')[1]
        const status = ocsp === 'revoked' ? 'R\t300101000000Z\t250101000000Z' : 'V\t300101000000Z\t'
        fs.writeFileSync(f(`${id}.index`), `${status}\t${serial}\tunknown\t/CN=${names[0]}\n`)
        run(['ocsp', '-issuer', f('ca.pem'), '-cert', f(`${id}.pem`), '-reqout', f(`${id}.req`), '-no_nonce'])
        run([
          'ocsp',
          '-index',
          f(`${id}.index`),
          '-rsigner',
          f('ca.pem'),
          '-rkey',
          f('ca.key'),
          '-CA',
          f('ca.pem'),
          '-reqin',
          f(`${id}.req`),
          '-respout',
          f(`${id}.resp`),
          '-ndays',
          '1',
        ])
        leaf.ocsp = fs.readFileSync(f(`${id}.resp`))
      }
      return leaf
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}
