/**
 * What the API runner needs from the sandbox that runs setup and teardown scripts. The real
 * implementation runs user code in a child process with time and memory limits (src/runners/sandbox/); runners
 * only see this interface, so they can be wired in main/ and the agent alike.
 */

/** The request as setup scripts see and change it. `url` is the configured URL, without the query parameters. */
export interface ScriptRequest {
  method: string
  url: string
  body: string
  headers: Record<string, string>
  queryParameters: Record<string, string>
}

/** The response as teardown scripts see it; only `body` may be changed. */
export interface ScriptResponse {
  statusCode: number
  statusText: string
  body: string
  headers: Record<string, string | string[]>
  timings: Record<string, number>
  timingPhases: Record<string, number>
}

export type SetupOutcome = { ok: true; request: ScriptRequest; env: Record<string, string>; logs: string[] } | { ok: false; error: string; logs: string[] }

export type TeardownOutcome = { ok: true; response: ScriptResponse; logs: string[] } | { ok: false; error: string; logs: string[] }

export interface ScriptSandbox {
  /**
   * Runs one setup script; changes to `request` and `env` carry into the run. `signal`: the run's abort (its session
   * cancelled it, or the instance stops), which kills the script at once.
   */
  runSetup(script: string, input: { request: ScriptRequest; env: Record<string, string> }, signal?: AbortSignal): Promise<SetupOutcome>
  /** Runs one teardown script after the response; a changed `response.body` is what assertions see. */
  runTeardown(script: string, input: { request: ScriptRequest; response: ScriptResponse; env: Record<string, string> }, signal?: AbortSignal): Promise<TeardownOutcome>
}
