// HTTP: an API check with assertions, and a URL monitor, in a group that shares their settings.
import { ApiCheck, CheckGroup, UrlMonitor } from 'picket/constructs'

const site = process.env.SITE_URL ?? 'https://example.com'

export const web = new CheckGroup('web', { name: 'Web', tags: ['web'] })

new ApiCheck('homepage-api', {
  name: 'Homepage answers',
  group: web,
  degradedResponseTime: 2000,
  maxResponseTime: 5000,
  request: {
    method: 'GET',
    url: `${site}/`,
    assertions: [
      { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
      { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '3000' },
    ],
  },
})

new UrlMonitor('homepage-url', { name: 'Homepage is up', group: web, request: { url: `${site}/` } })
