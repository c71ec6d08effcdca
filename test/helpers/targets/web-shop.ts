/**
 * A small local web shop on 127.0.0.1 port 0 for browser, multi-step and Playwright tests: an HTML home page
 * (title "Picket Shop", a heading, an add-to-cart button, a console error and a failing image), a JSON API
 * (GET /api/products, POST /api/cart echoing the body with an id) and a page that needs a header.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const HOME = `<!doctype html><html><head><title>Picket Shop</title></head><body>
<h1>Welcome to the shop</h1><button id="add">Add to cart</button><p id="cart">Cart: 0</p>
<img src="/missing.png" alt="">
<script>
let n = 0
document.getElementById('add').addEventListener('click', () => { n++; document.getElementById('cart').textContent = 'Cart: ' + n })
console.error('shop widget failed to load')
</script></body></html>`

export interface WebShop {
  url: string
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>
  close(): Promise<void>
}

export async function startWebShop(): Promise<WebShop> {
  const requests: WebShop['requests'] = []
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers })
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(HOME)
    } else if (path === '/api/products') {
      json(200, [
        { id: 1, name: 'Pager' },
        { id: 2, name: 'Coffee' },
      ])
    } else if (path === '/api/cart' && req.method === 'POST') {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => json(201, { id: 42, ...(JSON.parse(body || '{}') as object) }))
    } else {
      json(404, { error: 'not found' })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
