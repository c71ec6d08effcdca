/**
 * The pages' own stylesheet and scripts, read once at start and served from memory at /-/web/{name}. Their URLs
 * carry a hash of the content, so browsers keep them for a year and a new release is fetched at once.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { encode, type Encoding } from './routes/compressed.js'

const TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
}
export const ASSET_NAMES = ['site.css', 'dashboard.js', 'status-page.js', 'favicon.svg', 'favicon.ico'] as const

export interface Asset {
  body: Buffer
  type: string
  hash: string
  /** The body compressed with a coding, made once on first use. */
  encoded(encoding: Encoding): Buffer
}

export interface WebAssets {
  get(name: string): Asset | undefined
  /** The URL of an asset, with its content hash. */
  url(name: string): string
}

export function loadWebAssets(): WebAssets {
  const assets = new Map<string, Asset>()
  for (const name of ASSET_NAMES) {
    const body = readFileSync(new URL(`./assets/${name}`, import.meta.url))
    const ext = name.slice(name.lastIndexOf('.') + 1)
    const kept = new Map<Encoding, Buffer>()
    const encoded = (encoding: Encoding): Buffer => kept.get(encoding) ?? kept.set(encoding, encode(body, encoding)).get(encoding) ?? body
    assets.set(name, { body, type: TYPES[ext] ?? 'application/octet-stream', hash: createHash('sha256').update(body).digest('base64url').slice(0, 12), encoded })
  }
  return {
    get: (name) => assets.get(name),
    url: (name) => `/-/web/${name}?v=${assets.get(name)?.hash ?? '0'}`,
  }
}
