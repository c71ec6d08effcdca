import { describe, expect, it } from 'vitest'
import { pointsAttr, sparklinePoints } from '../src/pages/checks/home/sparkline-points'

type Point = [number, number]

describe('sparklinePoints', () => {
  it.each<[string, Array<number | null>]>([
    ['no buckets', []],
    ['only empty buckets', [null, null, null]],
    ['only non-finite values', [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]],
  ])('is null with %s', (_name, values) => {
    expect(sparklinePoints(values, 100, 20)).toBeNull()
  })

  it.each<[string, Array<number | null>, number, number, number | undefined, Point[][], number, number]>([
    [
      'two values span the box inside the default pad',
      [0, 10],
      100,
      20,
      undefined,
      [
        [
          [0, 18],
          [100, 2],
        ],
      ],
      0,
      10,
    ],
    [
      'a custom pad',
      [0, 10],
      100,
      20,
      5,
      [
        [
          [0, 15],
          [100, 5],
        ],
      ],
      0,
      10,
    ],
    [
      'no pad',
      [0, 10],
      100,
      20,
      0,
      [
        [
          [0, 20],
          [100, 0],
        ],
      ],
      0,
      10,
    ],
    [
      'negative values',
      [-10, 0],
      100,
      20,
      2,
      [
        [
          [0, 18],
          [100, 2],
        ],
      ],
      -10,
      0,
    ],
    [
      'a flat line sits in the middle',
      [5, 5, 5],
      100,
      20,
      2,
      [
        [
          [0, 10],
          [50, 10],
          [100, 10],
        ],
      ],
      5,
      5,
    ],
    ['a single value is a one-point segment in the middle', [7], 100, 20, 2, [[[50, 10]]], 7, 7],
    ['a single value among empty buckets keeps its slot', [null, 7, null], 100, 20, 2, [[[50, 10]]], 7, 7],
    [
      'empty buckets split the line into segments',
      [1, null, 3, 2, null, null, 1],
      60,
      20,
      2,
      [
        [[0, 18]],
        [
          [20, 2],
          [30, 10],
        ],
        [[60, 18]],
      ],
      1,
      3,
    ],
    ['non-finite values are gaps too', [1, Number.NaN, 2], 10, 10, 0, [[[0, 10]], [[10, 0]]], 1, 2],
    [
      'coordinates are rounded to one decimal',
      [0, 1, 3, 3],
      10,
      10,
      0,
      [
        [
          [0, 10],
          [3.3, 6.7],
          [6.7, 0],
          [10, 0],
        ],
      ],
      0,
      3,
    ],
  ])('%s', (_name, values, width, height, pad, segments, min, max) => {
    expect(sparklinePoints(values, width, height, pad)).toEqual({ segments, min, max })
  })
})

describe('pointsAttr', () => {
  it.each<[Point[], string]>([
    [[], ''],
    [[[0, 18]], '0,18'],
    [
      [
        [0, 18],
        [100, 2.5],
        [200, 0],
      ],
      '0,18 100,2.5 200,0',
    ],
  ])('%j → %j', (segment, attr) => {
    expect(pointsAttr(segment)).toBe(attr)
  })
})
