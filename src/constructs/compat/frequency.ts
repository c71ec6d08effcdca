/**
 * `Frequency` of the hosted service's constructs: a check's schedule as minutes (`frequency`) and, for the sub-minute
 * schedules, seconds (`frequencyOffset` with `frequency` 0), the way the public API takes them.
 */
export class Frequency {
  static readonly EVERY_10S = new Frequency(0, 10)
  static readonly EVERY_20S = new Frequency(0, 20)
  static readonly EVERY_30S = new Frequency(0, 30)
  static readonly EVERY_1M = new Frequency(1)
  static readonly EVERY_2M = new Frequency(2)
  static readonly EVERY_5M = new Frequency(5)
  static readonly EVERY_10M = new Frequency(10)
  static readonly EVERY_15M = new Frequency(15)
  static readonly EVERY_30M = new Frequency(30)
  static readonly EVERY_1H = new Frequency(60)
  static readonly EVERY_2H = new Frequency(120)
  static readonly EVERY_3H = new Frequency(180)
  static readonly EVERY_6H = new Frequency(360)
  static readonly EVERY_12H = new Frequency(720)
  static readonly EVERY_24H = new Frequency(1440)

  constructor(
    readonly frequency: number,
    readonly frequencyOffset?: number,
  ) {}
}

/** A `frequency` prop as the body's fields: a number is minutes; a Frequency may add its offset in seconds. */
export function frequencyFields(value: number | Frequency | undefined): { frequency?: number; frequencyOffset?: number } {
  if (value === undefined) return {}
  if (typeof value === 'number') return { frequency: value }
  return value.frequencyOffset === undefined ? { frequency: value.frequency } : { frequency: value.frequency, frequencyOffset: value.frequencyOffset }
}
