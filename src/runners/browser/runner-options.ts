/** What a browser runner is built with: Chromium, the limits of a run, where runs and dependencies live, the box and egress. */
import type { EgressPolicy } from '../../domain/egress.js'
import type { RunBox } from '../sandbox/box-host.js'
import type { SslProbe } from '../ssl-probe.js'

export interface BrowserRunnerOptions {
  /** Debian's Chromium (CHROMIUM_PATH); browser runs fail with how to install it when it is missing. */
  chromiumPath: string
  /** Hard limit of a run (default 240 s). */
  timeoutMs?: number
  /** Resident memory of a run's whole process tree, in MB. */
  memoryMb?: number
  /** What a run's folder may hold (files it writes, traces, screenshots), in MB. */
  diskMb?: number
  /** Browser runs at once in this process. */
  concurrency?: number
  /** Playwright workers one suite run may use at most (a config or test command asking for more is capped). */
  maxWorkers?: number
  /** Where run folders are made (default: the system temp folder). */
  workDir?: string
  /**
   * Where installed dependencies are kept between runs (default: inside the runner's own folder, for as long as the
   * runner lives). Its parent folders must be open to the runs' user, which mounts it.
   */
  dependencyCacheDir?: string
  /** Limit of one dependency install (npm), in ms. */
  installTimeoutMs?: number
  /** Whether npm may run the dependencies' install scripts (INSTALL_SCRIPTS); off by default. */
  allowInstallScripts?: boolean
  /** The run's user; by default `nobody` when this process runs as root. */
  runAs?: { uid: number; gid: number } | null
  /** Reads the certificate of a check's sslCheckDomain with each run (default: the real TLS probe). */
  sslProbe?: SslProbe
  /** Where Chromium and the run's node processes may connect (EGRESS_POLICY); default open. See run-egress.ts. */
  egress?: EgressPolicy
  /**
   * The box every run executes in (sandbox/box.ts); by default bubblewrap at /usr/bin/bwrap. null runs users' code
   * without a box, which only an operator's explicit SANDBOX=off may ask for.
   */
  box?: RunBox | null
}
