/** A stream stage that lets at most a number of bytes through: uploads and run files written to disk stop at their cap. */
import { Transform } from 'node:stream'

/** What the stage fails with once more than its limit went by. */
export class TooLarge extends Error {}

/** Passes bytes through, failing with TooLarge once more than `limit` went by. */
export const limitTo = (limit: number): Transform => {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      done(seen > limit ? new TooLarge(`more than ${limit} bytes`) : null, chunk)
    },
  })
}
