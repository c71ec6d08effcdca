/**
 * The TodoMVC Playwright project (test/fixtures/playwright-projects/todomvc) as a team would hand it over: its own
 * files, an .npmrc pointing at a registry on loopback that serves its dependencies (dotenv, and the Playwright
 * packages the runner takes out), and the lockfile npm writes against that registry. The registry counts what it
 * served, so a test can tell a fresh install from a cached one.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lockfileFor, startNpmRegistry, type NpmRegistry } from './npm-registry.js'
import { projectFiles, type ProjectFile } from './project-files.js'

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules')
const PACKAGES = ['dotenv', '@playwright/test', 'playwright', 'playwright-core']

export interface TodoProject {
  registry: NpmRegistry
  /** The project's files with .npmrc and package-lock.json. */
  files: ProjectFile[]
  close(): Promise<void>
}

export async function startTodoProject(): Promise<TodoProject> {
  const registry = await startNpmRegistry(PACKAGES.map((name) => path.join(MODULES, name)))
  const own = projectFiles('todomvc')
  const pkg = own.find((f) => f.path === 'package.json')?.content ?? ''
  const lock = await lockfileFor({ 'package.json': pkg, '.npmrc': registry.npmrc })
  return {
    registry,
    files: [...own, { path: '.npmrc', content: registry.npmrc }, { path: 'package-lock.json', content: lock }],
    close: () => registry.close(),
  }
}
