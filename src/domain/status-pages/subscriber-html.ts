/** HTML helpers of subscriber e-mails and pages (pure): escaping and one small page layout. */

export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** Escaped text with line breaks kept. */
export const htmlLines = (s: string): string => escapeHtml(s).replace(/\r?\n/g, '<br>')

const STYLE = 'margin:0;padding:24px;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;color:#222;background:#fff'

/** A whole document; `title` is plain text, `body` is HTML already escaped by the caller. */
export const htmlDocument = (title: string, body: string): string =>
  [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>`,
    `<body style="${STYLE}"><div style="max-width:600px;margin:0 auto">${body}</div></body></html>`,
  ].join('')
