// Preloaded into a process under test (NODE_OPTIONS="--import <this file>", RECORD_MODULES_FILE=<file>): writes
// every module the process loads to that file, one URL or path a line. ES modules are seen by a resolution hook;
// CommonJS modules (also those loaded with require(), which ES hooks do not see on Node 20) are listed from
// require's cache when the process exits.
import fs from 'node:fs'
import Module, { register } from 'node:module'

const file = process.env.RECORD_MODULES_FILE
if (file) {
  register(new URL('./record-modules-hooks.mjs', import.meta.url), { data: { file } })
  process.on('exit', () => fs.appendFileSync(file, Object.keys(Module._cache).join('\n') + '\n'))
}
