/**
 * The egress policy inside processes that run user code: the script sandbox's child (harness.mjs) and every node
 * process of a browser run (preload.cjs). Plain JavaScript, installed before any user code runs, from the rules
 * of domain/egress.ts passed as data (`egressRules`): the same ranges, the same order, the same allow list.
 *
 * What it guards, for all code of the process (node:http, https, tls, http2, net, and fetch/undici, which all
 * connect through net.Socket.prototype.connect):
 * - TCP connections: an address host is checked before connecting; a name gets a `lookup` that checks every
 *   address it resolves to (a script's own `lookup` option is wrapped, not trusted); Unix-socket paths are refused.
 * - UDP (dgram) is refused altogether: a datagram socket resolves and binds through one lookup, so it cannot be
 *   guarded address by address; scripts rarely need it.
 * - dns.setServers and Resolver#setServers refuse denied name servers.
 * The patched methods are non-writable, and the originals live only in this closure.
 */
'use strict'
const net = require('node:net')
const dns = require('node:dns')
const dgram = require('node:dgram')
const { syncBuiltinESMExports } = require('node:module')

function blockList(cidrs) {
  const list = new net.BlockList()
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/')
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

/** The IPv4 address inside ::ffff:a.b.c.d or 64:ff9b::a.b.c.d (any spelling), else null. */
function embeddedIPv4(address) {
  if (net.isIP(address) !== 6) return null
  let text = address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const q = dotted[1].split('.').map(Number)
    text = `${text.slice(0, -dotted[1].length)}${((q[0] << 8) | q[1]).toString(16)}:${((q[2] << 8) | q[3]).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const parse = (part) => (part ? part.split(':').map((h) => parseInt(h, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const g = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right]
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
  if (!mapped && !nat64) return null
  return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.')
}

function compile(rules) {
  const family = (a) => (net.isIP(a) === 6 ? 'ipv6' : 'ipv4')
  const allow = blockList(rules.allow)
  const categories = rules.ranges.map(([reason, cidrs]) => [reason, blockList(cidrs)])
  const allowed = (a) => net.isIP(a) !== 0 && allow.check(a, family(a))
  const categorize = (a) => (categories.find(([, list]) => list.check(a, family(a))) || [null])[0]
  /** The reason `raw` (an IP address) is denied, or null. */
  return function check(raw) {
    const address = String(raw)
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/%.*$/, '')
    if (net.isIP(address) === 0) return 'reserved'
    const inner = embeddedIPv4(address)
    if (allowed(address) || (inner !== null && allowed(inner))) return null
    return categorize(address) || (inner !== null ? categorize(inner) : null)
  }
}

function egressError(message) {
  return Object.assign(new Error(message), { code: 'EGRESS_DENIED' })
}

const SETTING = 'this installation allows public addresses only (EGRESS_POLICY=public-only)'

function denialOf(check, address, host) {
  const reason = check(address)
  if (!reason) return null
  const from = host && host.replace(/^\[(.*)\]$/, '$1') !== address ? ` (resolved from ${host})` : ''
  return egressError(`Egress policy: ${address}${from} is ${/^[aeiou]/.test(reason) ? 'an' : 'a'} ${reason} address; ${SETTING}`)
}

function lock(target, name, value) {
  Object.defineProperty(target, name, { value, writable: false, configurable: false, enumerable: false })
}

/** Installs the guards for `rules` ({ranges, allow}); once per process. */
function installEgressGuard(rules) {
  if (!rules || installEgressGuard.installed) return
  installEgressGuard.installed = true
  const check = compile(rules)

  const guardedLookup = (base) =>
    function lookup(hostname, options, callback) {
      if (typeof options === 'function') [options, callback] = [{}, options]
      base(hostname, options, (err, address, fam) => {
        if (err) return callback(err, address, fam)
        const all = Array.isArray(address) ? address : [{ address, family: fam }]
        for (const a of all) {
          const denial = denialOf(check, a.address, hostname)
          if (denial) return callback(denial, address, fam)
        }
        callback(null, address, fam)
      })
    }
  const systemLookup = dns.lookup

  const connect = net.Socket.prototype.connect
  lock(net.Socket.prototype, 'connect', function guardedConnect(...args) {
    const normalized = Array.isArray(args[0]) ? args[0] : net._normalizeArgs(args)
    const options = { ...normalized[0] }
    let denial = null
    if (options.path !== undefined && options.path !== null) {
      denial = egressError(`Egress policy: connecting to the local socket ${options.path} is not allowed; ${SETTING}`)
    } else if (net.isIP(String(options.host || '')) !== 0) {
      denial = denialOf(check, String(options.host))
    } else {
      options.lookup = guardedLookup(typeof options.lookup === 'function' ? options.lookup : systemLookup)
    }
    if (denial) {
      process.nextTick(() => this.destroy(denial))
      return this
    }
    normalized[0] = options
    return connect.call(this, normalized)
  })

  const refuseUdp = () => {
    throw egressError(`Egress policy: UDP sockets are not available to scripts; ${SETTING}`)
  }
  lock(dgram, 'createSocket', refuseUdp)
  lock(dgram, 'Socket', refuseUdp)

  const serverAddress = (s) => {
    const text = String(s).trim()
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
    if (bracketed) return bracketed[1]
    return net.isIP(text) === 6 ? text : text.replace(/:\d+$/, '')
  }
  const guardServers = (setServers) =>
    function guardedSetServers(servers) {
      for (const s of servers) {
        const denial = denialOf(check, serverAddress(s))
        if (denial) throw denial
      }
      return setServers.call(this, servers)
    }
  for (const holder of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype]) {
    lock(holder, 'setServers', guardServers(holder.setServers))
  }
  syncBuiltinESMExports()
}

// compileEgressCheck is exported for the test that holds it to the same answers as domain/egress.ts.
module.exports = { installEgressGuard, compileEgressCheck: compile }
