/**
 * A body for creating a check of each type the console makes: the documented example of docs/check-types.md (a curl
 * block, or for the types documented without one the JSON shown in their section), by the slug of the type's route.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { examplesIn } from './doc-examples.js'

type Json = Record<string, unknown>

const DOC = 'docs/check-types.md'

/** The first JSON block of the section of DOC whose heading starts with `heading`. */
function jsonExampleUnder(heading: string): Json | undefined {
  const text = readFileSync(path.resolve(import.meta.dirname, '../..', DOC), 'utf8')
  const section = text.split(/^## /m).find((s) => s.startsWith(heading)) ?? ''
  const block = /```json\n([\s\S]*?)```/.exec(section)?.[1]
  return block ? (JSON.parse(block) as Json) : undefined
}

/** The sections of the types documented with a JSON body instead of a curl example. */
const JSON_SECTIONS: Record<string, string> = { ssl: 'SSL monitors', traceroute: 'Traceroute monitors' }

/**
 * The agentic section shows no body: this one holds every field. It is off, so a service never runs it (a model
 * endpoint is needed only to create it).
 */
const AGENTIC: Json = {
  name: 'Lamp in the cart',
  activated: false,
  startUrl: 'https://shop.example.com',
  prompt: 'Find "Lamp 42", put it in the cart and check the cart.',
  assertions: [{ condition: 'The cart shows one item', expected: '1 item' }],
  agentLimits: { maxSteps: 20, maxTokens: 100000, timeoutSeconds: 120 },
}

export function checkExamples(): Map<string, Json> {
  const examples = new Map(examplesIn(DOC).map((e) => [e.route.replace('/v1/checks/', ''), e.body as Json]))
  for (const [slug, heading] of Object.entries(JSON_SECTIONS)) {
    const body = examples.get(slug) ?? jsonExampleUnder(heading)
    if (body) examples.set(slug, body)
  }
  if (!examples.has('agentic')) examples.set('agentic', AGENTIC)
  return examples
}
