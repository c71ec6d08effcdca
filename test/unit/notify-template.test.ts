import { describe, expect, it } from 'vitest'
import { alertTitle, buildVariables, resultLink, templateContext } from '../../src/alerting/channels/variables.js'
import { bodyMode, escapeFor, renderTemplate, separateClosingBraces } from '../../src/alerting/channels/template.js'
import { tagValue } from '../../src/alerting/channels/template-helpers.js'
import { ALERT_AT as NOW, payloadOf } from '../helpers/receivers/alert-factory.js'

const render = (source: string, p = payloadOf(), mode = bodyMode(source)) =>
  renderTemplate(source, templateContext(p, { resultLinkBase: 'https://picket.example', accountVariables: { TEAM: 'ops', CHECK_NAME: 'shadowed' } }), {
    mode,
    now: NOW,
    where: 'body',
  })

describe('alert titles', () => {
  it.each([
    ['ALERT_FAILURE', 'Check "X" has failed'],
    ['ALERT_DEGRADED_FAILURE', 'Check "X" has failed'],
    ['ALERT_FAILURE_REMAIN', 'Check "X" is still failing'],
    ['ALERT_DEGRADED', 'Check "X" is degraded'],
    ['ALERT_FAILURE_DEGRADED', 'Check "X" is degraded'],
    ['ALERT_DEGRADED_REMAIN', 'Check "X" is still degraded'],
    ['ALERT_RECOVERY', 'Check "X" has recovered'],
    ['ALERT_DEGRADED_RECOVERY', 'Check "X" has recovered'],
  ] as const)('%s → %s', (alertType, title) => {
    expect(alertTitle({ alertType, name: 'X' })).toBe(title)
  })
  it.each([
    [14, 'The SSL certificate for example.com will expire in 14 days'],
    [1, 'The SSL certificate for example.com will expire in 1 day'],
    [0, 'The SSL certificate for example.com has expired'],
  ])('SSL with %i days left', (days, title) => {
    expect(alertTitle({ alertType: 'ALERT_SSL', name: 'X', sslDomain: 'example.com', sslDaysRemaining: days })).toBe(title)
  })
})

describe('notification variables', () => {
  it('has the documented variables', () => {
    const v = buildVariables(payloadOf(), { resultLinkBase: 'https://picket.example/' })
    expect(v).toMatchObject({
      ALERT_TITLE: 'Check "Shop "API"" has failed',
      ALERT_TYPE: 'ALERT_FAILURE',
      CHECK_ID: 'check-1',
      CHECK_NAME: 'Shop "API"',
      CHECK_TYPE: 'API',
      CHECK_DESCRIPTION: 'The shop',
      CHECK_RESULT_ID: 'result-1',
      CHECK_ERROR_MESSAGE: 'Expected 200, got 500',
      GROUP_NAME: 'Shop',
      TAGS: ['prod', 'team:payments'],
      REGION: 'eu-central-1',
      RUN_LOCATION: 'Frankfurt',
      RESPONSE_TIME: 123,
      RESULT_LINK: 'https://picket.example/checks/check-1/results/result-1',
      STARTED_AT: new Date(NOW - 1000).toISOString(),
      API_CHECK_RESPONSE_STATUS_CODE: 500,
      API_CHECK_RESPONSE_STATUS_TEXT: 'Internal Server Error',
      SSL_CHECK_DOMAIN: null,
      SSL_DAYS_REMAINING: null,
      IS_REMINDER: false,
      REMINDER_SEQUENCE: 0,
    })
  })
  it('links to the check when no result raised the alert', () => {
    expect(resultLink('http://x', { checkId: 'c', resultId: null })).toBe('http://x/checks/c')
  })
})

describe('webhook templates', () => {
  it('escapes {{X}} as JSON inside a JSON body, so quotes in titles keep it valid', () => {
    const out = render('{"title": "{{ALERT_TITLE}}", "tags": {{json TAGS}}, "raw": "{{{CHECK_TYPE}}}"}')
    expect(JSON.parse(out)).toEqual({ title: 'Check "Shop "API"" has failed', tags: ['prod', 'team:payments'], raw: 'API' })
  })
  it('HTML-escapes other bodies and URI-encodes URLs', () => {
    expect(render('<b>{{CHECK_NAME}}</b>')).toBe('<b>Shop &quot;API&quot;</b>')
    expect(render('https://x.test/?q={{CHECK_NAME}}', payloadOf(), 'uri')).toBe('https://x.test/?q=Shop%20%22API%22')
  })
  it('renders the reference examples: #each with @last, block eq, tagValue, default, contains', () => {
    const tags = render('[{{#each TAGS}} "{{this}}" {{#unless @last}},{{/unless}} {{/each}}]')
    expect(JSON.parse(tags)).toEqual(['prod', 'team:payments'])
    expect(render("Check is {{#eq ALERT_TYPE 'ALERT_FAILURE'}}DOWN{{/eq}}{{#eq ALERT_TYPE 'ALERT_RECOVERY'}}UP{{/eq}}")).toBe('Check is DOWN')
    expect(render('{{tagValue TAGS "team" "none"}}/{{tagValue TAGS "env" "none"}}')).toBe('payments/none')
    expect(render('{{default GROUP_NAME "-"}}|{{default SSL_CHECK_DOMAIN "-"}}')).toBe('Shop|-')
    expect(render('{{#if (contains ALERT_TYPE "RECOVERY")}}resolve{{else}}trigger{{/if}}')).toBe('trigger')
    expect(render('{{#startsWith CHECK_TYPE "AP"}}api{{/startsWith}}{{#if (and IS_REMINDER true)}}x{{/if}}{{#if (gt RESPONSE_TIME 100)}}slow{{/if}}')).toBe('apislow')
  })
  it('offers account and group variables, with the event variables winning a clash', () => {
    expect(render('{{TEAM}} {{GROUP_VAR}} {{CHECK_NAME}}', payloadOf(), 'none')).toBe('ops g Shop "API"')
  })
  it('has time helpers on the render clock and random helpers', () => {
    expect(render('{{moment "YYYY-MM-DD"}} {{moment "2 days ago" "YYYY-MM-DD"}} {{year}} {{moment STARTED_AT "HH:mm"}}')).toBe('2026-03-04 2026-03-02 2026 05:06')
    expect(render('{{$UUID}}')).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number(render('{{$RANDOM_NUMBER}}'))).toBeLessThanOrEqual(1000)
  })
  it('accepts a mustache right before a closing brace, as JSON templates end', () => {
    expect(JSON.parse(render('{"tags":{{json TAGS}}}'))).toEqual({ tags: ['prod', 'team:payments'] })
    expect(JSON.parse(render('{"a":{"ms":{{RESPONSE_TIME}}}}'))).toEqual({ a: { ms: 123 } })
    expect(JSON.parse(render('{"raw":"{{{CHECK_TYPE}}}","n":{{#if IS_REMINDER}}1{{else}}0{{/if}}}'))).toEqual({ raw: 'API', n: 0 })
    expect(separateClosingBraces('{{default X "}}}"}}}')).toBe('{{default X "}}}"}}{{"}"}}')
    expect(separateClosingBraces('{{!-- }}} --}}} \\{{x}}}')).toBe('{{!-- }}} --}}} \\{{x}}}')
  })
  it('throws a TemplateError naming the template that does not parse or render', () => {
    expect(() => render('{{#if}}')).toThrow(/body template does not render/)
    expect(() => render('{{> partial}}')).toThrow(/body template does not render/)
  })
  it('escapes by mode', () => {
    expect(escapeFor('json', 'a"b\\c\n')).toBe('a\\"b\\\\c\\n')
    expect(escapeFor('none', null)).toBe('')
    expect(bodyMode('  {"a":1}')).toBe('json')
    expect(bodyMode('text')).toBe('html')
  })
  it('reads tag values written with : or =', () => {
    expect(tagValue(['team=core'], 'team')).toBe('core')
    expect(tagValue(['teams:x'], 'team', 'fallback')).toBe('fallback')
  })
})
