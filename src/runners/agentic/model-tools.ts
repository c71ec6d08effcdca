/** The tools an agentic run offers the model, as chat-completions function definitions. */
import type { ChatTool } from '../../lib/chat-completions.js'

const target = {
  selector: { type: 'string', description: 'A CSS or Playwright selector of the element' },
  text: { type: 'string', description: 'The visible text of the element (used when no selector is given)' },
  label: { type: 'string', description: 'The label of a form field (used when no selector is given)' },
  placeholder: { type: 'string', description: 'The placeholder of a form field (used when no selector is given)' },
}

const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[] = []): ChatTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required } },
})

export const TOOL_NAMES = ['navigate', 'click', 'type', 'select', 'read_text', 'screenshot', 'wait', 'assert', 'finish'] as const
export type ToolName = (typeof TOOL_NAMES)[number]

export const AGENT_TOOLS: ChatTool[] = [
  tool('navigate', 'Open a URL in the browser. Returns the page that loaded.', { url: { type: 'string' } }, ['url']),
  tool('click', 'Click an element. Returns the page afterwards.', target),
  tool('type', 'Fill a text field with a value (replacing what it holds). Use {{NAME}} for a variable.', { ...target, value: { type: 'string' } }, ['value']),
  tool('select', 'Choose an option of a <select> by its value or label.', { ...target, value: { type: 'string' } }, ['value']),
  tool('read_text', 'Read the text of an element, or of the whole page without a target.', target),
  tool('screenshot', 'Take a screenshot of the page, kept with the result.', { name: { type: 'string', description: 'A short name for it' } }),
  tool('wait', 'Wait for an element to appear (with a target) or for some milliseconds (at most 10000).', { ...target, ms: { type: 'integer' } }),
  tool(
    'assert',
    'Record your verdict on one of the conditions you were given, by its number.',
    {
      index: { type: 'integer', description: 'The number of the condition (1 is the first)' },
      passed: { type: 'boolean' },
      actual: { type: 'string', description: 'What you observed' },
      expected: { type: 'string', description: 'What the condition required' },
    },
    ['index', 'passed', 'actual'],
  ),
  tool(
    'finish',
    'End the run once every condition has a verdict: a short summary, and suggestions to improve the check if any.',
    {
      summary: { type: 'string' },
      suggestions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            summary: { type: 'string' },
            prompt: { type: 'string' },
            promptReplacement: { type: 'string' },
            secrets: { type: 'array', items: { type: 'string' } },
            category: { type: 'string', enum: ['credentials', 'endpoint', 'configuration'] },
          },
          required: ['summary'],
        },
      },
    },
    ['summary'],
  ),
]
