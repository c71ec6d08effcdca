// Node module resolution hook (module.register, src/cli/code/module-alias.ts) for loading a project's files:
// - 'picket/constructs' resolves to this repository's constructs wherever the project folder is, so a project
//   needs no install of its own;
// - a project's TypeScript files load as ES modules even where no package.json says "type": "module" (tsx would
//   otherwise compile them to CommonJS, which cannot import the constructs).
let target

export function initialize(data) {
  target = data.target
}

export async function resolve(specifier, context, next) {
  if (specifier === 'picket/constructs') return { url: target, format: 'module', shortCircuit: true }
  const resolved = await next(specifier, context)
  if (/\.m?ts$/.test(resolved.url) && !resolved.url.includes('/node_modules/') && resolved.format === 'commonjs') return { ...resolved, format: 'module' }
  return resolved
}
