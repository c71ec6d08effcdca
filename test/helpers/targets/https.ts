/** The HTTP target's routes over HTTPS, with a self-signed certificate for 127.0.0.1/localhost made at test time. */
import https from 'node:https'
import { generate } from 'selfsigned'
import { handle, listen, type Target } from './http.js'

export async function startHttpsTarget(): Promise<Target> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => void handle(req, res))
  return listen(server, 'https')
}
