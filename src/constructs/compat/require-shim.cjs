// What `require('checkly')` and `require('checkly/constructs')` in a CommonJS check file (a .js file of a project
// whose package.json is not "type": "module") load: the compatibility module, imported once by the CLI before the
// project's files (src/cli/code/module-alias.ts) and published under a global key, so that required and imported
// constructs are the same classes, registering in the same session. One object serves both names: the constructs,
// with `constructs` and `defineConfig` beside them as 'checkly' has them.
const modules = globalThis[Symbol.for('picket.checklyCompat')]
if (!modules) throw new Error('checkly: the compatibility module was not loaded (load the project with the picket CLI)')
module.exports = modules
