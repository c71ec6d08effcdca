/** The small public HTML pages behind the subscriber links (pure; all user text escaped). */
import { escapeHtml, htmlDocument } from './subscriber-html.js'

export interface HtmlPage {
  status: number
  html: string
}

const page = (status: number, title: string, body: string): HtmlPage => ({ status, html: htmlDocument(title, `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}`) })

export const confirmedPage = (pageName: string): HtmlPage =>
  page(200, `Subscription confirmed to ${pageName}`, '<p>You will get an e-mail when an incident is posted or updated. Every e-mail has an unsubscribe link.</p>')

export const notFoundPage = (what: 'verify' | 'unsubscribe'): HtmlPage =>
  page(
    404,
    'Link not valid',
    what === 'verify'
      ? '<p>This confirmation link is unknown or was already used. If you subscribed more than once, use the newest e-mail.</p>'
      : '<p>This unsubscribe link is unknown: the address may already be unsubscribed.</p>',
  )

/** The confirmation page of GET unsubscribe: a button that POSTs to the same address. */
export const unsubscribePromptPage = (pageName: string, address: string, actionPath: string): HtmlPage =>
  page(
    200,
    `Unsubscribe from ${pageName}`,
    `<p>Stop e-mail updates of ${escapeHtml(pageName)} to ${escapeHtml(address)}?</p>` +
      `<form method="post" action="${escapeHtml(actionPath)}"><button type="submit" style="padding:8px 16px;font-size:15px">Unsubscribe</button></form>`,
  )

export const unsubscribedPage = (pageName: string | null): HtmlPage =>
  page(200, pageName === null ? 'You are unsubscribed' : `Unsubscribed from ${pageName}`, '<p>You will get no more e-mails about this status page.</p>')
