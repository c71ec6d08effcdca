/**
 * The create examples of README.md and docs/check-types.md: each `curl … -d '<json>'` block sent with the
 * documented key (a create; read examples have no body), with the route it posts to and its JSON body.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface Example {
  /** The document it is in, relative to the repository. */
  file: string
  /** The route it posts to, such as /v1/checks/api. */
  route: string
  body: unknown
}

export function examplesIn(file: string): Example[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .filter((block) => block.includes('Authorization: Bearer $KEY') && block.includes("-d '"))
    .map((block) => {
      const route = /(\/v1\/checks\/[a-z]+)/.exec(block)?.[1] ?? ''
      const json = /-d '([\s\S]*?)'\s*$/.exec(block.trim())?.[1] ?? ''
      return { file, route, body: JSON.parse(json) as unknown }
    })
}
