/**
 * The helpers a browser, multi-step or Playwright script can require as `@picket/playwright-helpers` (or, for
 * scripts written for Checkly, `@checkly/playwright-helpers`). `markCheckAsDegraded(reason)` marks the run
 * degraded; it counts only when the run has no failure and did not time out.
 */
'use strict'
const fs = require('node:fs')

const DEGRADED = 'picket:degraded'

function markCheckAsDegraded(reason) {
  const description = reason === undefined ? 'Marked as degraded by the script' : String(reason).slice(0, 500)
  try {
    const { test } = require('@playwright/test')
    test.info().annotations.push({ type: DEGRADED, description })
    return
  } catch {
    // not inside a Playwright test: a plain script
  }
  const file = process.env.PICKET_DEGRADED_FILE
  if (file) fs.appendFileSync(file, `${JSON.stringify(description)}\n`)
}

module.exports = { markCheckAsDegraded, DEGRADED }
