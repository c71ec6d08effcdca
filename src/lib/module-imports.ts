/**
 * The modules a TypeScript or JavaScript file imports (pure), read with TypeScript's own parser rather than a
 * pattern, so that every form counts (`import … from`, `import '…'`, `export … from` including `export * as ns
 * from`, `import x = require(…)`, `import(…)`, `require(…)` and `import('…').Type`) and text in comments, strings
 * or template literals does not. TypeScript's `preProcessFile` would be cheaper but misses `export * as ns from`,
 * which barrel files of test projects use.
 *
 * The compiler is loaded on the first call, not with this module: the constructs import this module, and a
 * project of API checks (or a command that only reads a project's config) never needs the 9 MB of it. It is
 * loaded with require(), which compiles it once; an ES import would also scan all of it for its exports first.
 */
import { createRequire } from 'node:module'
import type ts from 'typescript'

const require = createRequire(import.meta.url)
let loaded: typeof ts | undefined
const compiler = (): typeof ts => (loaded ??= require('typescript') as typeof ts)

/** The script kind a file's name implies; TypeScript when it has none, since it reads JavaScript as well. */
function scriptKindOf(fileName: string): ts.ScriptKind {
  const ts = compiler()
  if (/\.(jsx|tsx)$/.test(fileName)) return ts.ScriptKind.TSX
  if (/\.(js|mjs|cjs)$/.test(fileName)) return ts.ScriptKind.JS
  return ts.ScriptKind.TS
}

/** The text of a string or backquoted literal without substitutions, or undefined. */
function literalText(node: ts.Node | undefined): string | undefined {
  const ts = compiler()
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined
}

/** The module a node names when it is an import or export of one. */
function specifierOf(node: ts.Node): string | undefined {
  const ts = compiler()
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return literalText(node.moduleSpecifier)
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) return literalText(node.moduleReference.expression)
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) return literalText(node.argument.literal)
  if (ts.isCallExpression(node) && node.arguments.length >= 1) {
    const callee = node.expression
    const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword
    const required = ts.isIdentifier(callee) && callee.text === 'require'
    if (dynamic || required) return literalText(node.arguments[0])
  }
  return undefined
}

/**
 * The module specifiers `source` imports, in the order they appear, each once. `fileName` (only its extension
 * counts) tells JSX and plain JavaScript apart; without it the source is read as TypeScript.
 */
export function importsOf(source: string, fileName = 'module.ts'): string[] {
  const ts = compiler()
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, scriptKindOf(fileName))
  const found = new Set<string>()
  const visit = (node: ts.Node): void => {
    const specifier = specifierOf(node)
    if (specifier !== undefined) found.add(specifier)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return [...found]
}
