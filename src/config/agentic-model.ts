/**
 * The model of agentic checks and root-cause analyses: any OpenAI-compatible chat-completions endpoint with tool
 * calling, chosen by the operator (a local model server or a hosted one). Read the same way by the service
 * (load.ts) and the agent (agent.ts):
 *   AGENTIC_MODEL_URL      base URL of the endpoint, e.g. http://127.0.0.1:8080/v1 (…/chat/completions is added)
 *   AGENTIC_MODEL          the model name sent with each request
 *   AGENTIC_MODEL_API_KEY  optional bearer token
 * Unset URL: no model, so agentic checks cannot be created (400 naming AGENTIC_MODEL_URL) and are not run here.
 */
import type { EnvReader } from './env-reader.js'

export interface AgenticModelConfig {
  /** Base URL without a trailing slash. */
  url: string
  model: string
  apiKey: string | null
}

export function readAgenticModel(reader: EnvReader, problems: string[]): AgenticModelConfig | null {
  const url = reader.str('AGENTIC_MODEL_URL')
  const model = reader.str('AGENTIC_MODEL')
  const apiKey = reader.str('AGENTIC_MODEL_API_KEY') ?? null
  if (url === undefined) {
    if (model !== undefined || apiKey !== null) problems.push('AGENTIC_MODEL and AGENTIC_MODEL_API_KEY need AGENTIC_MODEL_URL (the base URL of an OpenAI-compatible endpoint)')
    return null
  }
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    parsed = null
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) problems.push(`AGENTIC_MODEL_URL must be an http:// or https:// URL (got "${url}")`)
  if (model === undefined) problems.push('AGENTIC_MODEL is required with AGENTIC_MODEL_URL: the model name the endpoint serves')
  return { url: url.replace(/\/+$/, ''), model: model ?? '', apiKey }
}
