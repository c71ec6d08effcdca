/**
 * The tools of an agentic run, carried out on a real page. Inputs arrive with `{{NAME}}` placeholders filled
 * (placeholders.ts); outputs go back to the model masked and bounded, so that a page never hands the model a
 * secret nor more text than a run allows.
 */
import type { Locator, Page } from 'playwright-core'
import type { Placeholders } from './placeholders.js'
import type { AgenticSuggestion, RecordedVerdict } from './verdict.js'

export interface ToolSession {
  page: Page
  placeholders: Placeholders
  /** Characters of page text one tool output may carry to the model. */
  pageTextChars: number
  /** Longest a single browser action may take, in ms (the run's remaining time caps it too). */
  actionTimeoutMs(): number
  /** Saves a screenshot of the page; returns the name it is kept under. */
  screenshot(name: string): Promise<string>
  /** Verdicts on the check's conditions, by their number (1 is the first). */
  verdicts: Map<number, RecordedVerdict>
  conditionCount: number
  /** Set by `finish`. */
  finished: { summary: string; suggestions: AgenticSuggestion[] } | null
}

type Input = Record<string, unknown>
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

export function bound(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}\n… (${s.length - max} more characters not shown)` : s
}

function locate(page: Page, input: Input): Locator | null {
  const selector = text(input.selector)
  if (selector) return page.locator(selector).first()
  const label = text(input.label)
  if (label) return page.getByLabel(label).first()
  const placeholder = text(input.placeholder)
  if (placeholder) return page.getByPlaceholder(placeholder).first()
  const t = text(input.text)
  if (t) return page.getByText(t).first()
  return null
}

const INTERACTIVE = `(() => {
  const out = []
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role=button]')) {
    if (out.length >= 40) break
    const r = el.getBoundingClientRect()
    if (r.width === 0 && r.height === 0) continue
    const label = el.labels && el.labels[0] ? el.labels[0].innerText : ''
    const bits = [el.tagName.toLowerCase()]
    if (el.type && el.tagName !== 'BUTTON') bits.push('type=' + el.type)
    if (el.id) bits.push('#' + el.id)
    if (el.name) bits.push('name=' + el.name)
    if (label) bits.push('label="' + label.trim() + '"')
    if (el.placeholder) bits.push('placeholder="' + el.placeholder + '"')
    const t = (el.innerText || el.value || '').trim().slice(0, 60)
    if (t && el.type !== 'password') bits.push('"' + t + '"')
    out.push(bits.join(' '))
  }
  return out
})()`

/** What the model reads of the page: its address, title, text and interactive elements, masked and bounded. */
export async function describePage(s: ToolSession): Promise<string> {
  const page = s.page
  const body = await page
    .locator('body')
    .innerText({ timeout: s.actionTimeoutMs() })
    .catch(() => '')
  const elements = (await page.evaluate(INTERACTIVE).catch(() => [])) as string[]
  const title = await page.title().catch(() => '')
  const described = `URL: ${page.url()}\nTitle: ${title}\nText:\n${bound(body.trim(), s.pageTextChars)}\nElements:\n${elements.join('\n')}`
  return bound(s.placeholders.mask(described), s.pageTextChars + 3000)
}

async function needTarget(s: ToolSession, input: Input, act: (l: Locator) => Promise<unknown>): Promise<string | null> {
  const l = locate(s.page, input)
  if (!l) return 'Error: name the element with selector, text, label or placeholder'
  await act(l)
  return null
}

function recordVerdict(s: ToolSession, input: Input): string {
  const index = typeof input.index === 'number' ? Math.trunc(input.index) : NaN
  if (!(index >= 1 && index <= s.conditionCount)) return `Error: index must be a condition number from 1 to ${s.conditionCount}`
  s.verdicts.set(index, { passed: input.passed === true, actual: String(input.actual ?? ''), expected: typeof input.expected === 'string' ? input.expected : null })
  return `Recorded: condition ${index} ${input.passed === true ? 'passed' : 'failed'}`
}

function suggestionsOf(v: unknown): AgenticSuggestion[] {
  if (!Array.isArray(v)) return []
  const categories = ['credentials', 'endpoint', 'configuration']
  return v.slice(0, 10).flatMap((raw: unknown) => {
    const o = (raw ?? {}) as Input
    if (typeof o.summary !== 'string') return []
    const s: AgenticSuggestion = { summary: o.summary.slice(0, 1000) }
    if (typeof o.prompt === 'string') s.prompt = o.prompt.slice(0, 2000)
    if (typeof o.promptReplacement === 'string') s.promptReplacement = o.promptReplacement.slice(0, 10_000)
    if (Array.isArray(o.secrets)) s.secrets = o.secrets.filter((x): x is string => typeof x === 'string').slice(0, 20)
    if (typeof o.category === 'string' && categories.includes(o.category)) s.category = o.category as AgenticSuggestion['category']
    return [s]
  })
}

/** Runs one tool with its (filled) input; returns the output for the model (masked, bounded) and for the record. */
export async function runTool(name: string, input: Input, s: ToolSession): Promise<string> {
  const timeout = s.actionTimeoutMs()
  const page = s.page
  try {
    switch (name) {
      case 'navigate': {
        const url = text(input.url)
        if (!url) return 'Error: url is required'
        const response = await page.goto(url, { timeout, waitUntil: 'load' })
        return `Status: ${response?.status() ?? 'none'}\n${await describePage(s)}`
      }
      case 'click':
        return (await needTarget(s, input, (l) => l.click({ timeout }))) ?? (await page.waitForLoadState('load', { timeout }).catch(() => undefined), await describePage(s))
      case 'type':
        return (await needTarget(s, input, (l) => l.fill(String(input.value ?? ''), { timeout }))) ?? 'Typed'
      case 'select':
        return (await needTarget(s, input, (l) => l.selectOption(String(input.value ?? ''), { timeout }))) ?? 'Selected'
      case 'read_text': {
        const l = locate(page, input)
        if (!l) return await describePage(s)
        return s.placeholders.mask(bound(await l.innerText({ timeout }), s.pageTextChars))
      }
      case 'screenshot':
        return `Saved screenshot ${await s.screenshot(text(input.name) ?? 'screenshot')}`
      case 'wait': {
        const l = locate(page, input)
        if (l) await l.waitFor({ state: 'visible', timeout })
        else await page.waitForTimeout(Math.min(10_000, timeout, Math.max(0, Number(input.ms) || 1000)))
        return 'Done waiting'
      }
      case 'assert':
        return recordVerdict(s, input)
      case 'finish':
        s.finished = { summary: String(input.summary ?? ''), suggestions: suggestionsOf(input.suggestions) }
        return 'Finished'
      default:
        return `Error: there is no tool named ${name}`
    }
  } catch (err) {
    // Playwright's messages are long (call logs): the first lines say what went wrong.
    const message = (err instanceof Error ? err.message : String(err)).split('\n').slice(0, 3).join('\n')
    return s.placeholders.mask(`Error: ${message}`)
  }
}
