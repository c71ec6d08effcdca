/**
 * The service's logger: pino, writing to standard output either JSON lines (one object each, for log collectors)
 * or readable lines (for a person at a terminal: time, level, message, then the fields). Readable lines are
 * written synchronously, so that what is logged just before the process exits is not lost.
 */
import { pino, type Logger } from 'pino'
import { build as prettyStream } from 'pino-pretty'

export type LogFormat = 'json' | 'pretty'

export function createLogger(options: { level: string; format: LogFormat }): Logger {
  if (options.format === 'json') return pino({ level: options.level })
  return pino({ level: options.level }, prettyStream({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }))
}
