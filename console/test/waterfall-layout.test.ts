import { describe, expect, it } from 'vitest'
import { pingBars, waterfallLayout } from '../src/pages/checks/check/waterfall-layout'

/** The rows as [phase, start, duration, left, width] for compact tables. */
const compact = (phases: Record<string, unknown>) => {
  const { rows, total } = waterfallLayout(phases)
  return { rows: rows.map((r) => [r.phase, r.start, r.duration, r.left, r.width]), total }
}

describe('waterfallLayout', () => {
  it.each<[string, Record<string, unknown>, Array<[string, number, number, number, number]>, number]>([
    ['nothing', {}, [], 0],
    [
      'phases in the order they happen, whatever the key order',
      { download: 20, firstByte: 50, dns: 10, tcp: 20 },
      [
        ['dns', 0, 10, 0, 10],
        ['tcp', 10, 20, 10, 20],
        ['firstByte', 30, 50, 30, 50],
        ['download', 80, 20, 80, 20],
      ],
      100,
    ],
    [
      'a total above the sum of phases scales the bars down',
      { dns: 25, tcp: 25, total: 200 },
      [
        ['dns', 0, 25, 0, 12.5],
        ['tcp', 25, 25, 12.5, 12.5],
      ],
      200,
    ],
    [
      'a total below the sum of phases is replaced by the sum',
      { dns: 50, tcp: 50, total: 10 },
      [
        ['dns', 0, 50, 0, 50],
        ['tcp', 50, 50, 50, 50],
      ],
      100,
    ],
    [
      'phases of 0 ms stay but take no width',
      { wait: 0, dns: 0, tcp: 30, firstByte: 70 },
      [
        ['wait', 0, 0, 0, 0],
        ['dns', 0, 0, 0, 0],
        ['tcp', 0, 30, 0, 30],
        ['firstByte', 30, 70, 30, 70],
      ],
      100,
    ],
    [
      'all phases at 0 ms',
      { dns: 0, tcp: 0 },
      [
        ['dns', 0, 0, 0, 0],
        ['tcp', 0, 0, 0, 0],
      ],
      0,
    ],
    ['a redirect of 0 ms is left out', { redirect: 0, dns: 5 }, [['dns', 0, 5, 0, 100]], 5],
    [
      'a redirect that took time comes first',
      { dns: 60, redirect: 40 },
      [
        ['redirect', 0, 40, 0, 40],
        ['dns', 40, 60, 40, 60],
      ],
      100,
    ],
    [
      'unknown phases come after the known ones, in key order',
      { other: 40, dns: 10, custom: 30, tcp: 20 },
      [
        ['dns', 0, 10, 0, 10],
        ['tcp', 10, 20, 10, 20],
        ['other', 30, 40, 30, 40],
        ['custom', 70, 30, 70, 30],
      ],
      100,
    ],
    ['totals and ICMP latency statistics are not phases', { total: 0, latencyAvg: 5, latencyMin: 1, latencyMax: 9, latencyStdDev: 2 }, [], 0],
    [
      'values that are not durations are skipped',
      { dns: -1, tcp: '20', tls: null, firstByte: Number.NaN, download: Number.POSITIVE_INFINITY, wait: undefined, data: 10, odd: 'x' },
      [['data', 0, 10, 0, 100]],
      10,
    ],
  ])('%s', (_name, phases, rows, total) => {
    expect(compact(phases)).toEqual({ rows, total })
  })

  it('labels every known phase, in order', () => {
    const phases = { download: 1, data: 1, firstByte: 1, tls: 1, connection: 1, tcp: 1, dns: 1, wait: 1, redirect: 1 }
    expect(waterfallLayout(phases).rows.map((r) => [r.phase, r.label])).toEqual([
      ['redirect', 'Redirects'],
      ['wait', 'Wait (socket)'],
      ['dns', 'DNS lookup'],
      ['tcp', 'TCP connect'],
      ['connection', 'Connection'],
      ['tls', 'TLS handshake'],
      ['firstByte', 'Time to first byte'],
      ['data', 'Data'],
      ['download', 'Download'],
    ])
  })

  it.each<[Record<string, number>]>([
    [{ dns: 3, tcp: 7, tls: 11, firstByte: 13, download: 17 }],
    [{ redirect: 120, wait: 1, dns: 2, tcp: 3, tls: 5, firstByte: 8, data: 13 }],
    [{ connection: 0.3, firstByte: 0.3, mystery: 0.4 }],
  ])('bars of %j follow each other and fill the whole width', (phases) => {
    const { rows, total } = waterfallLayout(phases)
    expect(total).toBeCloseTo(Object.values(phases).reduce((a, b) => a + b, 0))
    rows.forEach((row, i) => {
      const prev = rows[i - 1]
      expect(row.left).toBeCloseTo(prev ? prev.left + prev.width : 0)
      expect(row.start).toBeCloseTo(prev ? prev.start + prev.duration : 0)
    })
    expect(rows.reduce((sum, r) => sum + r.width, 0)).toBeCloseTo(100)
  })

  it('gives a phase that took time at least a hairline', () => {
    const { rows, total } = waterfallLayout({ dns: 0.1, download: 999.9 })
    expect(total).toBeCloseTo(1000)
    const [dns, download] = rows
    expect(dns?.width).toBe(0.5)
    expect(download?.left).toBeCloseTo(0.01)
    expect(download?.width).toBeCloseTo(99.99)
  })
})

describe('pingBars', () => {
  type Ping = { rtt?: number | null; sequence?: number }
  it.each<[string, Ping[], Array<{ label: string; time: number | null; width: number }>]>([
    ['no pings', [], []],
    [
      'bars relative to the slowest reply, lost packets empty',
      [{ rtt: 10, sequence: 1 }, { rtt: 20, sequence: 2 }, { rtt: null, sequence: 3 }, { sequence: 4 }],
      [
        { label: '#1', time: 10, width: 50 },
        { label: '#2', time: 20, width: 100 },
        { label: '#3', time: null, width: 0 },
        { label: '#4', time: null, width: 0 },
      ],
    ],
    [
      'labels fall back to the position',
      [{ rtt: 5 }, { rtt: 1 }],
      [
        { label: '#1', time: 5, width: 100 },
        { label: '#2', time: 1, width: 20 },
      ],
    ],
    ['a sequence of 0 is kept', [{ rtt: 4, sequence: 0 }], [{ label: '#0', time: 4, width: 100 }]],
    [
      'every packet lost',
      [{ rtt: null }, {}],
      [
        { label: '#1', time: null, width: 0 },
        { label: '#2', time: null, width: 0 },
      ],
    ],
    [
      'replies of 0 ms',
      [{ rtt: 0 }, { rtt: 0 }],
      [
        { label: '#1', time: 0, width: 0 },
        { label: '#2', time: 0, width: 0 },
      ],
    ],
    [
      'non-finite times count as lost',
      [{ rtt: Number.NaN }, { rtt: Number.POSITIVE_INFINITY }, { rtt: 8 }],
      [
        { label: '#1', time: null, width: 0 },
        { label: '#2', time: null, width: 0 },
        { label: '#3', time: 8, width: 100 },
      ],
    ],
  ])('%s', (_name, pings, bars) => {
    expect(pingBars(pings)).toEqual(bars)
  })
})
