/**
 * The deploy request the hosted service's own CLI (9.5.0) sends for test/fixtures/vendor-project, as captured from
 * that client (`deploy-request.json`), made unique per test (project, status page url, dashboard url, private
 * location slug), and sent as that client sends it: gzip, with its query flags.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from './app.js'
import type { Json } from './projects.js'

const FIXTURE = new URL('../fixtures/vendor-project/deploy-request.json', import.meta.url)

export interface VendorRequest {
  project: { logicalId: string; name: string }
  resources: Array<{ type: string; logicalId: string; member: boolean; physicalId?: string | number; payload: Json }>
  [key: string]: unknown
}

/** The captured request with `tag` in every name that is unique in an account. */
export function vendorRequest(tag: string): VendorRequest {
  const request = JSON.parse(readFileSync(FIXTURE, 'utf8')) as VendorRequest
  request.project.logicalId = `vendor-${tag}`
  for (const r of request.resources) {
    if (r.type === 'status-page') r.payload.url = `vendor-${tag}`
    if (r.type === 'dashboard') r.payload.customUrl = `vendor-dash-${tag}`
    if (r.type === 'private-location') r.payload.slugName = `dc-${tag}`
  }
  return request
}

export const vendorQuery = (flags: { dryRun?: boolean; preserveResources?: boolean } = {}): string =>
  `dryRun=${String(flags.dryRun ?? false)}&scheduleOnDeploy=true${flags.preserveResources ? '&preserveResources=true' : ''}`

/** POST /v1/projects/deploy as the vendor's client sends it: gzip JSON. */
export const vendorDeploy = (t: TestApp, body: unknown, flags: { dryRun?: boolean; preserveResources?: boolean } = {}): Promise<LightMyRequestResponse> =>
  t.call('POST', `/v1/projects/deploy?${vendorQuery(flags)}`, gzipSync(JSON.stringify(body)), { 'content-type': 'application/json', 'content-encoding': 'gzip' })
