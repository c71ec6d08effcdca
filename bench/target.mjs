// A local HTTP target for benchmarks, in its own process so that it does not share the engine's event loop.
import http from 'node:http'

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end('{"ok":true}')
})
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
