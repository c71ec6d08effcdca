/** The text and HTML parts of an alert e-mail (pure): the headline, the facts of the alert and the result link. */
import { headline, SEVERITY_COLORS, severityOf, type NotificationVariables } from './variables.js'

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** The facts worth showing, in order, without the empty ones. */
export function emailFacts(v: NotificationVariables): Array<[string, string]> {
  const facts: Array<[string, string | null]> = [
    ['Check', v.CHECK_ID === '' ? null : `${v.CHECK_NAME} (${v.CHECK_TYPE})`],
    ['Alert', v.ALERT_TYPE],
    ['Group', v.GROUP_NAME],
    ['Location', v.REGION ? (v.RUN_LOCATION !== v.REGION ? `${v.RUN_LOCATION} (${v.REGION})` : v.REGION) : null],
    [v.PRIVATE_LOCATION_ID === null ? 'Started at' : 'Agent last seen', v.STARTED_AT],
    ['Response time', v.CHECK_RESULT_ID ? `${v.RESPONSE_TIME} ms` : null],
    ['Status code', v.API_CHECK_RESPONSE_STATUS_CODE === null ? null : `${v.API_CHECK_RESPONSE_STATUS_CODE} ${v.API_CHECK_RESPONSE_STATUS_TEXT ?? ''}`.trim()],
    ['Certificate', v.SSL_CHECK_DOMAIN ? `${v.SSL_CHECK_DOMAIN}: ${v.SSL_DAYS_REMAINING ?? 0} days left` : null],
    [v.PRIVATE_LOCATION_ID === null ? 'Error' : 'What happened', v.CHECK_ERROR_MESSAGE],
    ['Tags', v.TAGS.length > 0 ? v.TAGS.join(', ') : null],
    ['Description', v.CHECK_DESCRIPTION],
  ]
  return facts.filter((f): f is [string, string] => f[1] !== null && f[1] !== '')
}

export function emailBodies(v: NotificationVariables): { text: string; html: string } {
  const title = headline(v)
  const facts = emailFacts(v)
  const width = Math.max(...facts.map(([label]) => label.length)) + 2
  const text = [
    title,
    '',
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    '',
    `${v.PRIVATE_LOCATION_ID === null ? 'Result' : 'Private location'}: ${v.RESULT_LINK}`,
    '',
    '-- ',
    'Sent by Picket',
    '',
  ].join('\n')
  const color = SEVERITY_COLORS[severityOf(v.ALERT_TYPE)]
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = [
    '<!doctype html><html><body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:14px;color:#222">',
    `<div style="max-width:640px;border-left:6px solid ${color};padding:8px 16px">`,
    `<h2 style="margin:0 0 12px;font-size:18px">${escapeHtml(title)}</h2>`,
    `<table style="border-collapse:collapse">${rows}</table>`,
    `<p style="margin:16px 0 0"><a href="${escapeHtml(v.RESULT_LINK)}" style="color:#1a5fb4">${v.PRIVATE_LOCATION_ID === null ? 'View the result' : 'View the private location'}</a></p>`,
    '</div>',
    '<p style="color:#888;font-size:12px;margin-top:16px">Sent by Picket</p>',
    '</body></html>',
  ].join('')
  return { text, html }
}
