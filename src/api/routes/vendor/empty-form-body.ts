/**
 * The reference service's own CLI posts a request without a body (`rca run` without `--user-context`) with its HTTP
 * library's default type, application/x-www-form-urlencoded, and no bytes. A scope that registers this parser takes
 * such an empty body as no body at all, as the JSON routes take a missing one; a form with content is still the 415
 * that names the type the API reads.
 */
import { errorCodes, type FastifyInstance } from 'fastify'

const FORM = 'application/x-www-form-urlencoded'

export function acceptEmptyFormBody(scope: FastifyInstance): void {
  scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined)
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(FORM))
  })
}
