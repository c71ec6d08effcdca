/** The pure parts of status page subscriber e-mails: throttle, tokens, links, messages and pages. */
import { describe, expect, it } from 'vitest'
import { isTokenShape, newSubscriberToken, subscriberLink, verificationDue, VERIFICATION_THROTTLE_MS } from '../../src/domain/status-pages/subscriber-links.js'
import { incidentEmail, unsubscribeHeaders, verificationEmail } from '../../src/domain/status-pages/subscriber-emails.js'
import { confirmedPage, notFoundPage, unsubscribedPage, unsubscribePromptPage } from '../../src/domain/status-pages/subscriber-pages.js'

const NOW = Date.UTC(2026, 0, 1, 12)
const NASTY = `<script>alert("x")</script> & 'co'`

describe('verificationDue', () => {
  it.each([
    ['never sent', null, true],
    ['sent just now', NOW, false],
    ['sent 9:59 ago', NOW - VERIFICATION_THROTTLE_MS + 1000, false],
    ['sent exactly 10 min ago', NOW - VERIFICATION_THROTTLE_MS, true],
    ['sent an hour ago', NOW - 3_600_000, true],
  ])('%s', (_label, last, due) => {
    expect(verificationDue(last, NOW)).toBe(due)
  })
})

describe('tokens and links', () => {
  it('makes distinct 32-character base64url tokens', () => {
    const a = newSubscriberToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(newSubscriberToken()).not.toBe(a)
  })
  it.each([
    ['a token', 'A'.repeat(32), true],
    ['too short', 'abc', false],
    ['markup', '<script>aaaaaaaaaaaaaaaa', false],
    ['not a string', 42, false],
    ['missing', undefined, false],
  ])('isTokenShape: %s', (_label, value, ok) => {
    expect(isTokenShape(value)).toBe(ok)
  })
  it('builds links under the public base URL with the token encoded', () => {
    expect(subscriberLink('https://s.example', 'p1', 'verify', 'a+b')).toBe('https://s.example/status-pages/p1/subscriptions/verify?token=a%2Bb')
    expect(subscriberLink('https://s.example', 'p1', 'unsubscribe', 'tok')).toBe('https://s.example/status-pages/p1/subscriptions/unsubscribe?token=tok')
  })
})

describe('messages', () => {
  const verify = verificationEmail({ pageName: NASTY, verifyUrl: 'https://s/v?token=a&x=1', unsubscribeUrl: 'https://s/u?token=b' })
  const incident = (over: Partial<Parameters<typeof incidentEmail>[0]> = {}) =>
    incidentEmail({
      pageName: 'Acme',
      incidentName: NASTY,
      status: 'MONITORING',
      description: 'line one\n<b>two</b>',
      at: NOW,
      opening: false,
      unsubscribeUrl: 'https://s/u?token=b',
      ...over,
    })

  it.each([
    ['verification', verify],
    ['incident', incident()],
  ])('the %s e-mail escapes user text in HTML and links to unsubscribe', (_label, mail) => {
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).toContain('href="https://s/u?token=b"')
    expect(mail.text).toContain('Unsubscribe: https://s/u?token=b')
  })

  it('names the page and status in the incident subject and keeps the text as written in the plain part', () => {
    expect(incident().subject).toBe(`[Acme] ${NASTY}: Monitoring`)
    expect(incident().text).toContain('line one\n<b>two</b>')
    expect(incident().html).toContain('line one<br>&lt;b&gt;two&lt;/b&gt;')
    expect(incident().text).toContain('Incident update on Acme')
    expect(incident({ opening: true }).text).toContain('New incident on Acme')
    expect(incident({ incidentName: 'a\r\nBcc: x@y' }).subject).toBe('[Acme] a Bcc: x@y: Monitoring')
  })

  it('puts the verify link (escaped in HTML) in the verification e-mail', () => {
    expect(verify.text).toContain('https://s/v?token=a&x=1')
    expect(verify.html).toContain('href="https://s/v?token=a&amp;x=1"')
  })

  it('makes the one-click unsubscribe headers', () => {
    expect(unsubscribeHeaders('https://s/u?token=b')).toEqual({ 'List-Unsubscribe': '<https://s/u?token=b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  })
})

describe('pages', () => {
  it.each([
    ['confirmed', confirmedPage(NASTY), 200],
    ['prompt', unsubscribePromptPage(NASTY, `${NASTY}@x`, '/a?token="x"'), 200],
    ['unsubscribed', unsubscribedPage(NASTY), 200],
    ['unsubscribed, unknown', unsubscribedPage(null), 200],
    ['verify 404', notFoundPage('verify'), 404],
    ['unsubscribe 404', notFoundPage('unsubscribe'), 404],
  ])('%s', (_label, page, status) => {
    expect(page.status).toBe(status)
    expect(page.html).toMatch(/^<!doctype html>/)
    expect(page.html).not.toContain('<script>')
    expect(page.html).not.toContain('"x"')
  })
})
