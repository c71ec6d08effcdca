/** Runs one monitoring-as-code command; the exit code, or a CliError the caller prints in one line (exit 1). */
import type { CliEnvironment } from '../../config/cli.js'
import { apiClient } from './api-client.js'
import { initProject } from './init.js'
import { login, logout, resolveLogin, whoami } from './login.js'
import type { CodeCommand } from './parse-code-command.js'
import { runTrigger } from './trigger-command.js'

/**
 * The project commands' modules are loaded only by them: the loader brings the TypeScript compiler, the constructs
 * and the resource schemas, about two seconds of start-up that login, whoami, trigger and init do without.
 */
const projectCommands = async () => {
  const [{ loadProject }, { runDeploy, runDestroy }, { runTest }] = await Promise.all([import('./project-loader.js'), import('./deploy.js'), import('./test-command.js')])
  return { loadProject, runDeploy, runDestroy, runTest }
}

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
      const { loadProject, runDestroy } = await projectCommands()
      const client = apiClient(await resolveLogin(env))
      const logicalId = command.project ?? (await loadProject({ cwd: io.cwd, config: command.config })).logicalId
      return runDestroy(client, logicalId, command.force, io.out)
    }
    case 'deploy': {
      const { loadProject, runDeploy } = await projectCommands()
      // The files are loaded and type-checked before the login is needed: a broken file fails first, offline.
      const project = await loadProject({ cwd: io.cwd, config: command.config })
      return runDeploy(apiClient(await resolveLogin(env)), project, command.preview, { out: io.out, warn: io.err })
    }
    case 'test': {
      const { loadProject, runTest } = await projectCommands()
      const project = await loadProject({ cwd: io.cwd, config: command.config })
      return runTest(apiClient(await resolveLogin(env)), project, command, { out: io.out, warn: io.err })
    }
  }
}
