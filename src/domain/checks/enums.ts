/** Value sets of the public API: check types, locations, runtimes, frequencies, statuses, assertion comparisons. */
export const CHECK_TYPES = ['AGENTIC', 'API', 'BROWSER', 'HEARTBEAT', 'ICMP', 'MULTI_STEP', 'TCP', 'PLAYWRIGHT', 'URL', 'DNS', 'SSL', 'TRACEROUTE', 'GRPC'] as const
export type CheckType = (typeof CHECK_TYPES)[number]

export const LOCATIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-central-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'me-south-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-east-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'af-south-1',
] as const
export type Location = (typeof LOCATIONS)[number]

export const RUNTIME_IDS = ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10'] as const

export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const
export type Frequency = (typeof FREQUENCIES)[number]
export const FREQUENCIES_NO_ZERO = FREQUENCIES.filter((f): f is Exclude<Frequency, 0> => f !== 0)

export const CHECK_STATUSES = ['passing', 'failing', 'degraded'] as const
export type CheckStatus = (typeof CHECK_STATUSES)[number]

export const COMPARISONS = [
  'EQUALS',
  'NOT_EQUALS',
  'HAS_KEY',
  'NOT_HAS_KEY',
  'HAS_VALUE',
  'NOT_HAS_VALUE',
  'IS_EMPTY',
  'NOT_EMPTY',
  'GREATER_THAN',
  'LESS_THAN',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_NULL',
  'NOT_NULL',
] as const
