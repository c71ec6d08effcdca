/**
 * One run, one box: the command line that runs a piece of users' code inside bubblewrap (Debian's `bwrap`), with
 * kernel namespaces of its own. Pure: it only builds the command; run-process.ts and spawn-child.ts start it.
 *
 * What a box gives the code inside:
 * - its own PID namespace (bwrap is its init: when the command ends or bwrap is killed, the kernel kills every
 *   process left in the box, however it was forked or detached), and its own /proc, so no other process is seen;
 * - its own mount namespace: the system's programs and libraries read-only (/usr and the links to it), a few
 *   files of /etc that programs need and that hold no secret, the runtime (node_modules, the runner's own helper
 *   files) read-only, the run's own folder read-write, a private /tmp of bounded size. Nothing else of the host
 *   exists inside: no DATA_DIR, no other run's folder, no service files, no /etc/shadow, no /root, no /run;
 * - its own network namespace with loopback only: the one way out is the run's egress proxy, reached through a
 *   Unix socket bound in at /run/picket (see net-relay.cjs), so the policy holds for every process in the box;
 * - its own user namespace with no capabilities, a new session (no terminal to inject into), and limits on
 *   processes and file size set with `prlimit` before the command starts. Inside, the code is uid 65534, or uid 0
 *   for browser runs (`asNamespaceRoot`); either way the one id mapped is the unprivileged host user bwrap runs
 *   as, with no capability in the namespace or outside it.
 */

/** Where the run's egress socket is inside every box. */
export const BOX_EGRESS_DIR = '/run/picket'
export const BOX_EGRESS_SOCKET = `${BOX_EGRESS_DIR}/egress.sock`
/** The in-box address of the relay to the egress proxy (its own network namespace: the port is always free). */
export const BOX_PROXY_URL = 'http://127.0.0.1:3128'

/** Files of /etc that programs inside need (TLS roots, fonts, the dynamic linker, names of users) and that hold no secret. */
export const BOX_ETC = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/fonts',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/chromium',
  '/etc/chromium.d',
  '/etc/localtime',
  '/etc/mime.types',
  '/etc/nsswitch.conf',
  '/etc/hosts',
  '/etc/passwd',
  '/etc/group',
]

/** Top-level entries that are links into /usr on merged-/usr systems (Debian 12): recreated as links, else bound. */
export const BOX_SYSTEM_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']

export interface BoxLimits {
  /** Processes (threads count too) the box may have at once. */
  processes: number
  /** Largest file the box may write, in MB. */
  fileMb: number
  /** Size of the box's private /tmp, in MB. */
  tmpMb: number
}

export const DEFAULT_BOX_LIMITS: BoxLimits = { processes: 512, fileMb: 512, tmpMb: 256 }

export interface BoxSpec {
  /** How each of BOX_SYSTEM_DIRS is on this host: a link target (e.g. `usr/bin`), 'dir', or absent. */
  systemDirs: Record<string, string | 'dir' | null>
  /** Host paths bound read-only at the same path (runtime, the runner's helper files, the node binary). */
  readOnly: readonly string[]
  /** Host paths bound read-write at the same path (the run's folder). */
  writable: readonly string[]
  /**
   * Host paths bound at another path inside (`to`): a run sees its folder and the runtime at fixed neutral paths,
   * so nothing of the host's layout (install path, data folder, run-folder names) reaches its errors and traces.
   */
  mounts?: readonly BoxMount[]
  /** A host folder holding the run's egress socket, bound read-only at BOX_EGRESS_DIR; null: no way out at all. */
  egressDir: string | null
  cwd: string
  limits: BoxLimits
  /** The command inside the box: an absolute path and its arguments. */
  command: readonly string[]
  /** Run as uid 0 of the box's user namespace (BOX_ROOT_UID) rather than BOX_UID. */
  asNamespaceRoot?: boolean
}

export interface BoxMount {
  from: string
  to: string
  writable: boolean
}

/** The user the code runs as inside the box (the host user running bwrap is mapped to it). */
export const BOX_UID = 65534
/**
 * The in-box user of browser runs. Chromium takes a slower path for every page when getuid() is not 0 (about 10%
 * more CPU per context, measured here), so browser runs are root of their own user namespace: no capability
 * (--cap-drop ALL empties the bounding set, and bwrap sets no_new_privs), and every file check is made as the
 * unprivileged host user the id maps to. Nothing of the host's root is reachable: host root's files show as 65534.
 */
export const BOX_ROOT_UID = 0

/** bwrap's arguments for `spec` (pure). Paths of /etc that do not exist on the host are skipped by bwrap (-try). */
export function boxArgs(spec: BoxSpec): string[] {
  const uid = String(spec.asNamespaceRoot ? BOX_ROOT_UID : BOX_UID)
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--uid',
    uid,
    '--gid',
    uid,
    '--hostname',
    'picket-run',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
  ]
  for (const dir of BOX_SYSTEM_DIRS) {
    const how = spec.systemDirs[dir]
    if (how === 'dir') args.push('--ro-bind', dir, dir)
    else if (how) args.push('--symlink', how, dir)
  }
  for (const p of BOX_ETC) args.push('--ro-bind-try', p, p)
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(spec.limits.tmpMb * 1024 * 1024), '--tmpfs', '/tmp')
  for (const p of spec.readOnly) args.push('--ro-bind', p, p)
  for (const p of spec.writable) args.push('--bind', p, p)
  // In the order given: a later mount may sit inside an earlier one (a suite's node_modules inside its folder).
  for (const m of spec.mounts ?? []) args.push(m.writable ? '--bind' : '--ro-bind', m.from, m.to)
  if (spec.egressDir) args.push('--ro-bind', spec.egressDir, BOX_EGRESS_DIR)
  args.push('--chdir', spec.cwd, '--')
  args.push('/usr/bin/prlimit', `--nproc=${spec.limits.processes}`, `--fsize=${spec.limits.fileMb * 1024 * 1024}`, '--core=0', '--')
  args.push(...spec.command)
  return args
}
