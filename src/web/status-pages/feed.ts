/**
 * A status page's incidents as RSS 2.0 and Atom 1.0 documents (pure): one item or entry per incident, most
 * recently updated first, carrying its latest update and linking to the page. Every text is XML-escaped and
 * stripped of the characters XML 1.0 cannot hold, so that no user text breaks a feed reader.
 */
import type { PublicIncident } from '../../services/status-pages/status-page-data.js'
import { incidentStatusLabel, severityLabel } from './labels.js'

export interface FeedInput {
  /** The page's name. */
  title: string
  /** Absolute URL of the page. */
  pageUrl: string
  /** Absolute URL of this feed. */
  selfUrl: string
  /** Most recently updated first. */
  incidents: readonly PublicIncident[]
  generatedAt: number
}

// Control characters other than tab, line feed and carriage return, lone surrogates and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Text for XML content and attribute values. */
export const xmlText = (value: string): string =>
  value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** RFC 822 date as RSS wants it: "Tue, 24 Nov 2026 13:05:09 GMT". */
export function rfc822(ms: number): string {
  const d = new Date(ms)
  return `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT`
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The incident's latest update as one paragraph of text. */
function summaryOf(i: PublicIncident): string {
  const latest = i.updates[0]
  const head = `${incidentStatusLabel(i.status)} · ${severityLabel(i.severity)}`
  const services = i.services.length > 0 ? ` · ${i.services.join(', ')}` : ''
  return latest ? `${head}${services}\n${latest.description}` : `${head}${services}`
}

const anchor = (pageUrl: string, i: PublicIncident) => `${pageUrl}#incident-${i.id}`

export function rssFeed(f: FeedInput): string {
  const items = f.incidents.map((i) =>
    [
      '<item>',
      `<title>${xmlText(i.name)}</title>`,
      `<link>${xmlText(anchor(f.pageUrl, i))}</link>`,
      `<guid isPermaLink="false">${xmlText(`${i.id}:${i.updatedAt}`)}</guid>`,
      `<pubDate>${rfc822(i.updatedAt)}</pubDate>`,
      `<description>${xmlText(summaryOf(i))}</description>`,
      '</item>',
    ].join(''),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${xmlText(`${f.title} status`)}</title>`,
    `<link>${xmlText(f.pageUrl)}</link>`,
    `<description>${xmlText(`Incidents reported on the ${f.title} status page`)}</description>`,
    `<atom:link href="${xmlText(f.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${rfc822(f.generatedAt)}</lastBuildDate>`,
    ...items,
    '</channel></rss>',
    '',
  ].join('\n')
}

export function atomFeed(f: FeedInput): string {
  const updated = f.incidents.reduce((max, i) => Math.max(max, i.updatedAt), 0)
  const entries = f.incidents.map((i) =>
    [
      '<entry>',
      `<title>${xmlText(i.name)}</title>`,
      `<id>urn:uuid:${xmlText(i.id)}</id>`,
      `<link rel="alternate" type="text/html" href="${xmlText(anchor(f.pageUrl, i))}"/>`,
      `<published>${iso(i.startedAt)}</published>`,
      `<updated>${iso(i.updatedAt)}</updated>`,
      `<summary type="text">${xmlText(summaryOf(i))}</summary>`,
      '</entry>',
    ].join(''),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${xmlText(`${f.title} status`)}</title>`,
    `<id>${xmlText(f.pageUrl)}</id>`,
    `<link rel="alternate" type="text/html" href="${xmlText(f.pageUrl)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(f.selfUrl)}"/>`,
    `<updated>${iso(updated || f.generatedAt)}</updated>`,
    `<author><name>${xmlText(f.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
