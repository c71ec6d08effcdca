/** Runs one monitoring-as-code command; the exit code, or a CliError the caller prints in one line (exit 1). */
import type { CliEnvironment } from '../../config/cli.js'
import { apiClient } from './api-client.js'
import { runDestroy } from './destroy.js'
import { initProject } from './init.js'
import { login, logout, resolveLogin, whoami } from './login.js'
import type { CodeCommand } from './parse-code-command.js'
import { runTrigger } from './trigger-command.js'

/**
 * The modules that run a project's files are loaded only by the commands that do (deploy, test, and destroy
 * without --project): they bring the constructs, the resource schemas and the TypeScript loader, start-up that
 * login, whoami, trigger, init and destroy --project do without.
 */
const projectLoader = () => import('./project-loader.js')

export interface CodeIo {
  out(text: string): void
  /** Warnings: to stderr, so that stdout stays the report (`--reporter json`). */
  err(text: string): void
  cwd: string
}

export async function runCodeCommand(command: CodeCommand, env: CliEnvironment, io: CodeIo): Promise<number> {
  switch (command.name) {
    case 'login':
      await login(env, command, io.out)
      return 0
    case 'logout':
      await logout(env, io.out)
      return 0
    case 'whoami':
      await whoami(env, io.out)
      return 0
    case 'init':
      await initProject(io.cwd, command.dir, io.out)
      return 0
    case 'trigger':
      return runTrigger(apiClient(await resolveLogin(env)), command.tags, command.reporter, command.timeoutSeconds, io.out)
    case 'destroy': {
      const client = apiClient(await resolveLogin(env))
      // Only the config is run, for the project's logical id: what is destroyed is what the service holds.
      const logicalId = command.project ?? (await (await projectLoader()).loadProjectId({ cwd: io.cwd, config: command.config }))
      return runDestroy(client, logicalId, command.force, io.out)
    }
    case 'deploy': {
      // The files are loaded and type-checked before the login is needed: a broken file fails first, offline.
      const [{ loadProject }, { runDeploy }] = await Promise.all([projectLoader(), import('./deploy.js')])
      const project = await loadProject({ cwd: io.cwd, config: command.config, cacheDir: env.cacheDir })
      return runDeploy(apiClient(await resolveLogin(env)), project, command.preview, { out: io.out, warn: io.err })
    }
    case 'test': {
      const [{ loadProject }, { runTest }] = await Promise.all([projectLoader(), import('./test-command.js')])
      const project = await loadProject({ cwd: io.cwd, config: command.config, cacheDir: env.cacheDir })
      return runTest(apiClient(await resolveLogin(env)), project, command, { out: io.out, warn: io.err })
    }
  }
}
