/**
 * The assertion builders of the hosted service's constructs (`AssertionBuilder.statusCode().equals(200)`): each
 * returns the assertion object of the public API, `{ source, comparison, property, target, regex }`, with an empty
 * property, the target as a string and a null regex where none is given, as the API stores them.
 */
export interface Assertion<Source extends string = string> {
  source: Source
  comparison: string
  property: string
  target: string
  regex: string | null
}

type Target = string | number | boolean

export function toAssertion<S extends string>(source: S, comparison: string, target?: Target, property?: string, regex?: string): Assertion<S> {
  return { source, comparison, property: property ?? '', target: target === undefined ? '' : String(target), regex: regex ?? null }
}

export class NumericAssertionBuilder<S extends string> {
  constructor(
    readonly source: S,
    readonly property?: string,
  ) {}

  private make(comparison: string, target: Target): Assertion<S> {
    return toAssertion(this.source, comparison, target, this.property)
  }

  equals = (target: Target): Assertion<S> => this.make('EQUALS', target)
  notEquals = (target: Target): Assertion<S> => this.make('NOT_EQUALS', target)
  lessThan = (target: Target): Assertion<S> => this.make('LESS_THAN', target)
  greaterThan = (target: Target): Assertion<S> => this.make('GREATER_THAN', target)
}

export class GeneralAssertionBuilder<S extends string> {
  constructor(
    readonly source: S,
    readonly property?: string,
    readonly regex?: string,
  ) {}

  private make(comparison: string, target?: Target): Assertion<S> {
    return toAssertion(this.source, comparison, target, this.property, this.regex)
  }

  equals = (target: Target): Assertion<S> => this.make('EQUALS', target)
  notEquals = (target: Target): Assertion<S> => this.make('NOT_EQUALS', target)
  hasKey = (target: Target): Assertion<S> => this.make('HAS_KEY', target)
  notHasKey = (target: Target): Assertion<S> => this.make('NOT_HAS_KEY', target)
  hasValue = (target: Target): Assertion<S> => this.make('HAS_VALUE', target)
  notHasValue = (target: Target): Assertion<S> => this.make('NOT_HAS_VALUE', target)
  isEmpty = (): Assertion<S> => this.make('IS_EMPTY')
  notEmpty = (): Assertion<S> => this.make('NOT_EMPTY')
  lessThan = (target: Target): Assertion<S> => this.make('LESS_THAN', target)
  greaterThan = (target: Target): Assertion<S> => this.make('GREATER_THAN', target)
  contains = (target: Target): Assertion<S> => this.make('CONTAINS', target)
  notContains = (target: Target): Assertion<S> => this.make('NOT_CONTAINS', target)
  isNull = (): Assertion<S> => this.make('IS_NULL')
  isNotNull = (): Assertion<S> => this.make('NOT_NULL')
}

/** API check assertions. */
export class AssertionBuilder {
  static statusCode = () => new NumericAssertionBuilder('STATUS_CODE')
  static jsonBody = (property?: string) => new GeneralAssertionBuilder('JSON_BODY', property)
  static headers = (property?: string, regex?: string) => new GeneralAssertionBuilder('HEADERS', property, regex)
  static textBody = (property?: string) => new GeneralAssertionBuilder('TEXT_BODY', property)
  static responseTime = () => new NumericAssertionBuilder('RESPONSE_TIME')
  /** The misspelt name older projects use. */
  static responseTme = () => AssertionBuilder.responseTime()
}

/** URL monitor assertions. */
export class UrlAssertionBuilder {
  static statusCode = () => new NumericAssertionBuilder('STATUS_CODE')
}

/** TCP monitor assertions. */
export class TcpAssertionBuilder {
  static responseData = (property?: string) => new GeneralAssertionBuilder('RESPONSE_DATA', property)
  static responseTime = () => new NumericAssertionBuilder('RESPONSE_TIME')
}

/** DNS monitor assertions (`textAnswer`'s argument is the property, as the hosted service's builder passes it). */
export class DnsAssertionBuilder {
  static responseCode = () => new GeneralAssertionBuilder('RESPONSE_CODE')
  static responseTime = () => new NumericAssertionBuilder('RESPONSE_TIME')
  static textAnswer = (property?: string) => new GeneralAssertionBuilder('TEXT_ANSWER', property)
  static jsonAnswer = (property?: string) => new GeneralAssertionBuilder('JSON_ANSWER', property)
}

/** ICMP monitor assertions. */
export class IcmpAssertionBuilder {
  static latency = (property?: string) => new NumericAssertionBuilder('LATENCY', property)
  static jsonResponse = (property?: string) => new GeneralAssertionBuilder('JSON_RESPONSE', property)
}

/** TLS versions, as SSL monitor assertions on CONNECTION tlsVersion name them. */
export const TlsVersion = { TLS1_0: 'TLS1.0', TLS1_1: 'TLS1.1', TLS1_2: 'TLS1.2', TLS1_3: 'TLS1.3' } as const

/**
 * SSL monitor assertions: a certificate or connection property by name, the handshake time, or the result document
 * as JSON (a JSONPath) or text (a regex, carried in `property` as the hosted service's builder does). The SslMonitor
 * renames or refuses the certificate properties Picket reads otherwise.
 */
export class SslAssertionBuilder {
  static certificate = (property: string) => new GeneralAssertionBuilder('CERTIFICATE', property)
  static connection = (property: string) => new GeneralAssertionBuilder('CONNECTION', property)
  static responseTime = () => new NumericAssertionBuilder('RESPONSE_TIME')
  static jsonResponse = (property?: string) => new GeneralAssertionBuilder('JSON_RESPONSE', property)
  static textResponse = (regex?: string) => new GeneralAssertionBuilder('TEXT_RESPONSE', regex)
}

/** Traceroute monitor assertions: the final hop's latency (`avg` unless named), the hop count, the packet loss in percent. */
export class TracerouteAssertionBuilder {
  static responseTime = (property: 'avg' | 'min' | 'max' | 'stdDev' = 'avg') => new NumericAssertionBuilder('RESPONSE_TIME', property)
  static hopCount = () => new NumericAssertionBuilder('HOP_COUNT')
  static packetLoss = () => new NumericAssertionBuilder('PACKET_LOSS')
}
