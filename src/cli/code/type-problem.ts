/** A type error in a project's file, as `picket deploy` and `picket test` print it before doing anything. */
import path from 'node:path'

export interface TypeProblem {
  file: string
  line: number
  column: number
  message: string
}

export const formatTypeProblem = (p: TypeProblem, cwd: string): string => `${path.relative(cwd, p.file) || p.file}:${p.line}:${p.column} - ${p.message}`
