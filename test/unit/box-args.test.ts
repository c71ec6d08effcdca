/** The bubblewrap command line of a run box (pure): what the box shares with the host, and nothing more. */
import { describe, expect, it } from 'vitest'
import { boxArgs, BOX_EGRESS_DIR, DEFAULT_BOX_LIMITS, type BoxSpec } from '../../src/runners/sandbox/box.js'

const spec: BoxSpec = {
  systemDirs: { '/bin': 'usr/bin', '/lib': 'usr/lib', '/lib64': 'dir', '/sbin': null },
  readOnly: ['/app/node_modules'],
  writable: ['/tmp/pkb-1/r-2'],
  egressDir: '/tmp/pkb-1/e-3',
  cwd: '/tmp/pkb-1/r-2',
  limits: DEFAULT_BOX_LIMITS,
  command: ['/usr/bin/node', 'check.js'],
}
const args = boxArgs(spec)
const pairs = (flag: string): string[] => args.flatMap((a, i) => (a === flag ? [`${args[i + 1]} -> ${args[i + 2]}`] : []))

describe('the run box', () => {
  it('unshares every namespace, drops every capability and dies with its parent', () => {
    expect(args.slice(0, 3)).toEqual(['--unshare-all', '--unshare-user', '--uid'])
    expect(args).toEqual(expect.arrayContaining(['--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--proc', '/proc', '--dev', '/dev']))
    expect(args).not.toContain('--share-net')
  })

  it('binds only the system, the runtime read-only and the run folder read-write', () => {
    expect(pairs('--bind')).toEqual(['/tmp/pkb-1/r-2 -> /tmp/pkb-1/r-2'])
    expect(pairs('--ro-bind')).toEqual(['/usr -> /usr', '/lib64 -> /lib64', '/app/node_modules -> /app/node_modules', `/tmp/pkb-1/e-3 -> ${BOX_EGRESS_DIR}`])
    expect(pairs('--symlink')).toEqual(['usr/bin -> /bin', 'usr/lib -> /lib'])
    const etc = pairs('--ro-bind-try').map((p) => p.split(' -> ')[0])
    expect(etc).not.toEqual(expect.arrayContaining(['/etc/shadow']))
    expect(etc.every((p) => p?.startsWith('/etc/'))).toBe(true)
  })

  it('bounds /tmp, processes and file size, then runs the command', () => {
    expect(args.slice(args.indexOf('--size'), args.indexOf('--size') + 4)).toEqual(['--size', String(256 * 1024 * 1024), '--tmpfs', '/tmp'])
    expect(args.slice(args.indexOf('--chdir'))).toEqual([
      '--chdir',
      '/tmp/pkb-1/r-2',
      '--',
      '/usr/bin/prlimit',
      '--nproc=512',
      `--fsize=${512 * 1024 * 1024}`,
      '--core=0',
      '--',
      '/usr/bin/node',
      'check.js',
    ])
  })
})
