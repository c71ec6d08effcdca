/** Value sets of status pages, incidents and subscriptions (reference StatusPageV2*, StatusPageIncidentStatus). */
export const INCIDENT_SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number]

export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]

/** Impacts of the dashboard incident routes (/v1/incidents). */
export const INCIDENT_IMPACTS = ['MAINTENANCE', 'MAJOR', 'MINOR'] as const
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number]

export const THEMES = ['AUTO', 'LIGHT', 'DARK'] as const
export type Theme = (typeof THEMES)[number]

export const SUBSCRIPTION_TYPES = ['EMAIL'] as const
export const SUBSCRIPTION_STATUSES = ['PENDING', 'VERIFIED'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** The colour names of one theme palette (reference StatusPageThemeColors). */
export const THEME_COLOR_NAMES = [
  'bodyBackgroundColor',
  'headerBackgroundColor',
  'headerFontColor',
  'titleFontColor',
  'bodyFontColor',
  'bodyFontColorMuted',
  'navigationFontColor',
  'linkFontColor',
  'cardBackgroundColor',
  'borderColor',
  'primaryButtonBackgroundColor',
  'primaryButtonFontColor',
] as const

export const MAX_BULK_SUBSCRIPTIONS = 100
