/**
 * A small project in the reference CLI's own format (checkly.config.js and a check file), for the commands that
 * read one (validate). Its `checkly` package is the installed client, linked in as a project's dependency would be.
 */
import fs from 'node:fs'
import path from 'node:path'

const CONFIG = `const { defineConfig } = require('checkly')
module.exports = defineConfig({
  projectName: 'Shop',
  logicalId: 'shop',
  checks: { checkMatch: '**/__checks__/*.check.js', locations: ['eu-west-1'] },
})
`

const CHECK = `const { ApiCheck } = require('checkly/constructs')
new ApiCheck('orders', { name: 'Orders', request: { url: 'http://127.0.0.1:9/orders', method: 'GET' } })
`

/** Writes the project into `dir`/project and returns its folder. */
export function writeVendorProject(dir: string, cliRoot: string): string {
  const project = path.join(dir, 'project')
  fs.mkdirSync(path.join(project, '__checks__'), { recursive: true })
  fs.mkdirSync(path.join(project, 'node_modules'), { recursive: true })
  fs.writeFileSync(path.join(project, 'checkly.config.js'), CONFIG)
  fs.writeFileSync(path.join(project, '__checks__', 'orders.check.js'), CHECK)
  fs.symlinkSync(cliRoot, path.join(project, 'node_modules', 'checkly'), 'dir')
  return project
}
