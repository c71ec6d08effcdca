// A browser check: the Playwright test in homepage.spec.ts, run on the service's runners. A run does not see the
// environment you deploy from, so the site's URL is read here (when you deploy or test) and handed to the test as
// its SITE_URL.
import { BrowserCheck } from 'picket/constructs'

const site = process.env.SITE_URL ?? 'https://example.com'

new BrowserCheck('homepage-browser', {
  name: 'Homepage shows its title',
  code: { entrypoint: './homepage.spec.ts' },
  environmentVariables: [{ key: 'SITE_URL', value: site }],
})
