/**
 * The e-mails sent to status page subscribers (pure): the verification e-mail and the incident e-mail, each with
 * a plain-text and an HTML part (all user text escaped) and the unsubscribe link (List-Unsubscribe, RFC 8058).
 */
import type { IncidentStatus } from './enums.js'
import { escapeHtml, htmlDocument, htmlLines } from './subscriber-html.js'

export interface SubscriberEmail {
  subject: string
  text: string
  html: string
  unsubscribeUrl: string
}

/** The headers every subscriber e-mail carries, for one-click unsubscribe in mail clients. */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

/** Subjects are one line: control characters (CR, LF) become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
export const oneLine = (s: string): string => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

const link = (url: string, label: string): string => `<a href="${escapeHtml(url)}" style="color:#1a5fb4">${escapeHtml(label)}</a>`

const footer = (pageName: string, unsubscribeUrl: string): string =>
  `<p style="color:#777;font-size:12px;margin-top:24px">You receive this because you subscribed to updates of ${escapeHtml(pageName)}. ${link(unsubscribeUrl, 'Unsubscribe')}</p>`

export function verificationEmail(input: { pageName: string; verifyUrl: string; unsubscribeUrl: string }): SubscriberEmail {
  const { pageName, verifyUrl, unsubscribeUrl } = input
  const text = [
    `Please confirm that you want e-mail updates about incidents on ${pageName}.`,
    '',
    `Confirm your subscription: ${verifyUrl}`,
    '',
    'If you did not ask for this, ignore this e-mail: nothing is sent until you confirm.',
    '',
    '-- ',
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
  ].join('\n')
  const html = htmlDocument(
    `Confirm your subscription to ${pageName}`,
    [
      `<h2 style="font-size:18px">Confirm your subscription to ${escapeHtml(pageName)}</h2>`,
      `<p>Please confirm that you want e-mail updates about incidents on ${escapeHtml(pageName)}.</p>`,
      `<p>${link(verifyUrl, 'Confirm your subscription')}</p>`,
      '<p style="color:#555">If you did not ask for this, ignore this e-mail: nothing is sent until you confirm.</p>',
      footer(pageName, unsubscribeUrl),
    ].join(''),
  )
  return { subject: oneLine(`Confirm your subscription to ${pageName}`), text, html, unsubscribeUrl }
}

export interface IncidentEmailInput {
  pageName: string
  incidentName: string
  status: IncidentStatus
  description: string
  /** Epoch ms of the update's public date. */
  at: number
  /** First update of the incident (opened) or a later one. */
  opening: boolean
  unsubscribeUrl: string
}

const STATUS_WORDS: Record<IncidentStatus, string> = { INVESTIGATING: 'Investigating', IDENTIFIED: 'Identified', MONITORING: 'Monitoring', RESOLVED: 'Resolved' }

export function incidentEmail(input: IncidentEmailInput): SubscriberEmail {
  const status = STATUS_WORDS[input.status]
  const what = input.opening ? 'New incident' : 'Incident update'
  const when = `${new Date(input.at).toISOString().replace('T', ' ').slice(0, 16)} UTC`
  const subject = oneLine(`[${input.pageName}] ${input.incidentName}: ${status}`)
  return noticeEmail({
    subject,
    headline: what,
    pageName: input.pageName,
    title: input.incidentName,
    status,
    when,
    textFacts: [`Status: ${status} (${when})`],
    description: input.description,
    unsubscribeUrl: input.unsubscribeUrl,
  })
}

/** An e-mail about something on the page (an incident, a maintenance): what happened, to what, its status and time. */
export interface NoticeEmailInput {
  subject: string
  headline: string
  pageName: string
  title: string
  status: string
  when: string
  /** The status and time as the plain-text part words them. */
  textFacts: string[]
  description: string | null
  unsubscribeUrl: string
}

export function noticeEmail(input: NoticeEmailInput): SubscriberEmail {
  const text = [
    `${input.headline} on ${input.pageName}`,
    '',
    input.title,
    ...input.textFacts,
    ...(input.description ? ['', input.description] : []),
    '',
    '-- ',
    `Unsubscribe: ${input.unsubscribeUrl}`,
    '',
  ].join('\n')
  const html = htmlDocument(
    input.subject,
    [
      `<p style="color:#555;margin:0 0 4px">${escapeHtml(input.headline)} on ${escapeHtml(input.pageName)}</p>`,
      `<h2 style="font-size:18px;margin:0 0 8px">${escapeHtml(input.title)}</h2>`,
      `<p style="margin:0 0 12px"><strong>${escapeHtml(input.status)}</strong> <span style="color:#777">${escapeHtml(input.when)}</span></p>`,
      input.description ? `<p>${htmlLines(input.description)}</p>` : '',
      footer(input.pageName, input.unsubscribeUrl),
    ].join(''),
  )
  return { subject: input.subject, text, html, unsubscribeUrl: input.unsubscribeUrl }
}
