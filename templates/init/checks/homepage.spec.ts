// A Playwright test, run as a browser check by homepage.check.ts, which sets SITE_URL for it. (Any other *.spec.ts
// file becomes a browser check of its own as it is, without a wrapper: browserChecks.testMatch in picket.config.ts.)
import { expect, test } from '@playwright/test'

test('the homepage shows its title', async ({ page }) => {
  await page.goto(process.env.SITE_URL ?? 'https://example.com')
  await expect(page).toHaveTitle(/Example/)
})
