/**
 * A throw-away PKI for mutual-TLS tests, made at test time with the system `openssl` (nothing is kept in the
 * repository): a CA, a server certificate for 127.0.0.1 signed by it, a client certificate signed by it (its key
 * also in an encrypted form with a passphrase), and a second key that belongs to no certificate here.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

export interface TestPki {
  caCert: string
  serverCert: string
  serverKey: string
  clientCert: string
  clientKey: string
  /** The client key encrypted with `passphrase` (PKCS#8, AES-256). */
  clientKeyEncrypted: string
  passphrase: string
  /** A key that matches none of the certificates. */
  otherKey: string
}

export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-pki-'))
  const f = (name: string) => path.join(dir, name)
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  const passphrase = `pass-${randomBytes(12).toString('hex')}`
  try {
    fs.writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n')
    fs.writeFileSync(f('client.ext'), 'extendedKeyUsage=clientAuth\n')
    const key = (name: string) => run(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', f(name)])
    for (const name of ['ca.key', 'server.key', 'client.key', 'other.key']) key(name)
    run(['req', '-x509', '-new', '-key', f('ca.key'), '-subj', '/CN=Picket Test CA', '-days', '2', '-out', f('ca.pem')])
    const issue = (name: string, cn: string) => {
      run(['req', '-new', '-key', f(`${name}.key`), '-subj', `/CN=${cn}`, '-out', f(`${name}.csr`)])
      run([
        'x509',
        '-req',
        '-in',
        f(`${name}.csr`),
        '-CA',
        f('ca.pem'),
        '-CAkey',
        f('ca.key'),
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        f(`${name}.ext`),
        '-out',
        f(`${name}.pem`),
      ])
    }
    issue('server', '127.0.0.1')
    issue('client', 'picket-monitor')
    run(['pkcs8', '-topk8', '-in', f('client.key'), '-v2', 'aes-256-cbc', '-passout', `pass:${passphrase}`, '-out', f('client.enc.key')])
    const read = (name: string) => fs.readFileSync(f(name), 'utf8')
    return {
      caCert: read('ca.pem'),
      serverCert: read('server.pem'),
      serverKey: read('server.key'),
      clientCert: read('client.pem'),
      clientKey: read('client.key'),
      clientKeyEncrypted: read('client.enc.key'),
      passphrase,
      otherKey: read('other.key'),
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
