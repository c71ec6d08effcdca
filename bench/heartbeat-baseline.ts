/**
 * The bare baseline of bench/heartbeat-pings.ts: a `node:http` server that stores one row per request durably in
 * the same kind of database with the same settings as Picket's store, and answers only after its commit. SQLite:
 * the store's own connection settings (WAL, the same synchronous level, page cache, checkpoint thread), one autocommit
 * insert per request. PostgreSQL: a pool of the store's size with the synchronous_commit Picket's connections
 * have, one autocommit insert per request. What Picket adds on top (routing, validation, the timer, the event, the
 * result, the status, alert evaluation) is what the ratio measures.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { openSqliteConnection, type SqliteSynchronous } from '../src/store/db.js'

export interface Baseline {
  url: string
  /** Rows stored so far. */
  count(): Promise<number>
  close(): Promise<void>
}

type Insert = (path: string, method: string, body: string | null, at: number) => Promise<void>

const TABLE = 'create table if not exists bare_pings (id integer primary key, path text not null, method text not null, body text, at bigint not null)'
const PG_TABLE = 'create table if not exists bare_pings (id bigserial primary key, path text not null, method text not null, body text, at bigint not null)'

function serve(insert: Insert): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks).subarray(0, 1024).toString('utf8') : null
      insert(req.url ?? '/', req.method ?? 'GET', body, Date.now()).then(
        () => {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          res.end('{"ok":true}')
        },
        () => {
          res.writeHead(500)
          res.end()
        },
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

export async function sqliteBaseline(file: string, synchronous: SqliteSynchronous): Promise<Baseline> {
  const { database, checkpointer } = openSqliteConnection(file, synchronous)
  database.exec(TABLE)
  const insert = database.prepare('insert into bare_pings (path, method, body, at) values (?, ?, ?, ?)')
  const server = await serve(async (p, m, b, at) => {
    insert.run(p, m, b, at)
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => Promise.resolve(Number((database.prepare('select count(*) as n from bare_pings').get() as { n: number }).n)),
    async close() {
      await closeServer(server)
      await checkpointer?.close()
      database.close()
    },
  }
}

export async function postgresBaseline(url: string, poolSize: number, synchronousCommit: string): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c synchronous_commit=${synchronousCommit}` })
  await pool.query(PG_TABLE)
  const server = await serve(async (p, m, b, at) => {
    await pool.query({ name: 'bare-ping', text: 'insert into bare_pings (path, method, body, at) values ($1, $2, $3, $4)', values: [p, m, b, at] })
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: async () => Number((await pool.query<{ n: string }>('select count(*) as n from bare_pings')).rows[0]?.n ?? 0),
    async close() {
      await closeServer(server)
      await pool.end()
    },
  }
}
