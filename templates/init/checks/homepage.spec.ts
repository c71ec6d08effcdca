// A Playwright test: picket makes it a browser check of its own (logical id: its path in the project). It runs
// on the service's runners, where process.env holds the check's environment variables (set SITE_URL there).
import { expect, test } from '@playwright/test'

test('the homepage shows its title', async ({ page }) => {
  await page.goto(process.env.SITE_URL ?? 'https://example.com')
  await expect(page).toHaveTitle(/Example/)
})
