/**
 * The private-location agent as a real process (bin/picket-agent.js), for process tests: its health port is chosen
 * by the system (AGENT_HEALTH_PORT=0) and read from its start log line. Every wait is on an event (a log line, an
 * exit); stopAgentProcesses() (in afterAll) kills whatever a failed test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface AgentProcess {
  child: ChildProcess
  /** http://127.0.0.1:<health port> */
  healthUrl: string
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>
  /** What it printed so far (stdout and stderr). */
  output(): string
}

const live = new Set<ChildProcess>()

/** Starts an agent with PATH, HOME and `env`; resolves once it logged its health port, rejects if it exits first. */
export function startAgent(env: Record<string, string>): Promise<AgentProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/picket-agent.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', AGENT_HEALTH_PORT: '0', LOG_LEVEL: 'INFO', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      live.delete(child)
      resolve(code)
    }),
  )
  let out = ''
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const port = /"healthPort":(\d+)/.exec(out)?.[1]
      if (port) resolve({ child, healthUrl: `http://127.0.0.1:${port}`, exited, output: () => out })
    })
    void exited.then((code) => reject(new Error(`agent exited with ${String(code)}: ${out}`)))
  })
}

/** Kills the agents still running. */
export function stopAgentProcesses(): void {
  for (const child of live) child.kill('SIGKILL')
}

/** The status of the agent's readiness (/-/readiness). */
export async function readiness(agent: AgentProcess): Promise<number> {
  return (await fetch(`${agent.healthUrl}/-/readiness`)).status
}

/** A sample without labels from the agent's /metrics (e.g. picket_agent_jobs_run_total); NaN when absent. */
export async function agentMetric(agent: AgentProcess, name: string): Promise<number> {
  const text = await (await fetch(`${agent.healthUrl}/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? Number.NaN : Number(line.slice(name.length + 1))
}
