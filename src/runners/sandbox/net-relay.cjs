/**
 * Loaded with `node --require` into every node process of a boxed run (box.ts). The box's network namespace has
 * loopback only; its one way out is the run's egress proxy, a Unix socket bound in by the host. This file makes
 * that way out usable, and nothing here is a guard: code that ignores it simply reaches nothing.
 * - The first process of the box relays 127.0.0.1:3128 (inside the box) to the socket, for Chromium's
 *   --proxy-server and for programs that read http_proxy/https_proxy (curl, wget).
 * - Node's own HTTP clients go through the proxy too: http and https requests without an agent of their own are
 *   tunnelled with CONNECT, and fetch uses undici's ProxyAgent (loaded at the first fetch).
 */
'use strict'
const net = require('node:net')
const http = require('node:http')
const https = require('node:https')
const tls = require('node:tls')
const path = require('node:path')

// Read from the box's own environment, not through src/config: this file runs inside the box, in processes that
// load none of the service's code, and the host hands it these values (and the modules folder) as variables.
const socketPath = process.env.PICKET_BOX_SOCKET
const proxyUrl = process.env.PICKET_BOX_PROXY

function startRelay() {
  const { hostname, port } = new URL(proxyUrl)
  const server = net.createServer((client) => {
    const upstream = net.connect(socketPath)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  // Another process of the box already relays (the port is taken): nothing to do. The relay never keeps a
  // process alive by itself.
  server.on('error', () => undefined)
  server.listen(Number(port), hostname)
  server.unref()
}

/** A socket to `host:port` through the proxy's CONNECT; the proxy's refusal (the egress policy's message) is the error. */
function tunnel(host, port, callback) {
  const socket = net.connect(socketPath)
  let head = ''
  const fail = (err) => {
    socket.destroy()
    callback(err)
  }
  const onData = (chunk) => {
    head += chunk.toString('latin1')
    const end = head.indexOf('\r\n\r\n')
    if (end < 0) return
    socket.removeListener('data', onData)
    socket.removeListener('error', fail)
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)
    if (status && status[1] === '200') return callback(null, socket)
    fail(new Error(head.slice(end + 4).trim() || `The run's egress proxy refused ${host}:${port}`))
  }
  socket.once('error', fail)
  socket.on('data', onData)
  socket.write(`CONNECT ${net.isIPv6(host) ? `[${host}]` : host}:${port} HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`)
}

class TunnelAgent extends http.Agent {
  createConnection(options, callback) {
    tunnel(options.host, options.port || 80, callback)
  }
}

class TlsTunnelAgent extends https.Agent {
  createConnection(options, callback) {
    tunnel(options.host, options.port || 443, (err, socket) => {
      if (err) return callback(err)
      const servername = options.servername || (net.isIP(options.host) ? undefined : options.host)
      callback(null, tls.connect({ ...options, socket, servername }))
    })
  }
}

if (socketPath && proxyUrl) {
  startRelay()
  http.globalAgent = new TunnelAgent({ keepAlive: true })
  https.globalAgent = new TlsTunnelAgent({ keepAlive: true })
  // undici takes a good part of a script's start to load: only a process that fetches pays for it.
  const nativeFetch = globalThis.fetch
  let dispatcherSet = false
  globalThis.fetch = function fetch(input, init) {
    if (!dispatcherSet) {
      dispatcherSet = true
      try {
        const undici = require(path.join(process.env.PICKET_BOX_MODULES || '', 'undici'))
        undici.setGlobalDispatcher(new undici.ProxyAgent(proxyUrl))
      } catch {
        // without undici, fetch reaches nothing (the box has no other way out)
      }
    }
    return nativeFetch(input, init)
  }
}
