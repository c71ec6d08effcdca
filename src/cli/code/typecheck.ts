/**
 * Type-checks a project's config and check files before anything is loaded or deployed, with the TypeScript
 * compiler, so that a wrong field (`frequency: 'often'`) is reported with its file and line instead of reaching the
 * service. `picket/constructs` (and `checkly`, `checkly/constructs`: the compatibility module) resolve to this
 * repository's constructs and Node's types come from its node_modules, so a project folder needs no install of its
 * own. JavaScript files are read (a TypeScript file may import one) but not checked, as the TypeScript compiler does
 * without checkJs.
 */
import path from 'node:path'
import { createRequire } from 'node:module'
import type TS from 'typescript'
import type { TypeProblem } from './type-problem.js'

export interface TypeCheckResult {
  problems: TypeProblem[]
  /** Every file the check read (the project's, the constructs', declarations of packages), but the compiler's own
   * libraries: what a cached result depends on. */
  inputs: string[]
}

const require = createRequire(import.meta.url)
/** With require(): an ES import of the compiler would first scan its 9 MB for the names it exports. */
const ts = require('typescript') as typeof TS

/** Errors only (warnings and suggestions are not a reason to stop a deploy), in the project's own files. */
export function typeCheck(files: string[], aliases: Record<string, string[]>, projectRoot: string): TypeCheckResult {
  const checked = files.filter((f) => /\.[mc]?tsx?$/.test(f))
  const typesRoot = path.dirname(path.dirname(require.resolve('@types/node/package.json')))
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    typeRoots: [typesRoot],
    types: ['node'],
    baseUrl: projectRoot,
    paths: aliases,
    allowJs: true,
    // The files run in Node, not in a page: Node's globals come from @types/node, and leaving out the DOM library
    // (1.7 MB of declarations the default for this target adds) saves a third of the parsing.
    lib: ['lib.es2022.d.ts'],
  }
  const program = ts.createProgram(checked, options)
  // Only the project's own files are checked: checking them checks what they use of the constructs, and the rest
  // of the constructs' sources is this repository's, type-checked when it is built.
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
  for (const file of checked) {
    const source = program.getSourceFile(file)
    if (source) diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source))
  }
  const problems: TypeProblem[] = []
  for (const d of diagnostics) {
    if (d.category !== ts.DiagnosticCategory.Error) continue
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n  ')
    if (!d.file) {
      problems.push({ file: projectRoot, line: 0, column: 0, message: `TS${d.code}: ${message}` })
      continue
    }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0)
    problems.push({ file: d.file.fileName, line: line + 1, column: character + 1, message: `TS${d.code}: ${message}` })
  }
  const inputs = program
    .getSourceFiles()
    .filter((f) => !program.isSourceFileDefaultLibrary(f))
    .map((f) => f.fileName)
  return { problems, inputs }
}
