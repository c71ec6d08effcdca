/**
 * JSON request bodies: Fastify's own parser (with its __proto__ and constructor.prototype guard), and, when it
 * refuses a body, one message that says what is wrong and where instead of Fastify's generic sentence. An empty
 * body is no body on routes that take none. A body that parses is refused too when it nests deeper than
 * MAX_JSON_DEPTH (no field of the API comes near; a walk of a deeper one could overflow the stack) or holds a NUL
 * character.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.js'
import { findJsonSyntaxError } from '../lib/json-syntax.js'
import { TOO_DEEP, tooDeepPath } from '../lib/json-walk.js'
import { nulInBodyError, nulPath } from './nul-guard.js'

/** The 400 for a body that JSON.parse (or the prototype guard) refuses; it quotes at most one character of it. */
export function invalidJsonError(text: string): DomainError {
  const problem = findJsonSyntaxError(text)
  if (!problem) {
    const why = 'must not contain a "__proto__" or "constructor.prototype" property'
    return new DomainError(400, `Body ${why}`, { body: why })
  }
  const where = `at line ${problem.line}, column ${problem.column} (position ${problem.position})`
  return new DomainError(400, `Body is not valid JSON: ${problem.reason} ${where}`, { body: `is not valid JSON: ${problem.reason} ${where}` })
}

type Done = (err: Error | null, body?: unknown) => void

/** The 400 for a body nested deeper than MAX_JSON_DEPTH: nothing downstream need then fear a deep walk. */
function tooDeepError(path: string): DomainError {
  return new DomainError(400, `Body field "${path}" ${TOO_DEEP}`, { [path]: TOO_DEEP })
}

/** Why a parsed body is refused: nested too deep, or a NUL in a string or key; null when it is fine. */
function bodyProblem(text: string, value: unknown): DomainError | null {
  const deep = tooDeepPath(value)
  if (deep !== null) return tooDeepError(deep)
  // Only a body whose text holds a NUL (raw or as the \u0000 escape) is walked for where it is.
  const nul = text.includes('\\u0000') || text.includes('\u0000') ? nulPath(value) : null
  return nul === null ? null : nulInBodyError(nul)
}

export function installJsonBodyParser(app: FastifyInstance): void {
  // getDefaultJsonParser returns the callback form at run time; its declared type also allows the promise form.
  const parse = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: Done) => void
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    // A route that takes no body (a test send, a trigger) takes an empty one too: clients send the JSON content
    // type on every request, body or not. Routes with a body still refuse an empty one as "is empty".
    if (text === '' && request.routeOptions.schema?.body === undefined) {
      done(null, undefined)
      return
    }
    parse(request, text, (err, value) => {
      if (err && (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY') done(invalidJsonError(text), undefined)
      else if (err) done(err, undefined)
      else {
        const problem = bodyProblem(text, value)
        done(problem, problem === null ? value : undefined)
      }
    })
  })
}
