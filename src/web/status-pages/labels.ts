/** Words the status pages print for incident statuses and severities (pure). */
const capitalize = (word: string): string => word.charAt(0) + word.slice(1).toLowerCase()

/** "Investigating", "Identified", "Monitoring", "Resolved". */
export const incidentStatusLabel = (status: string): string => capitalize(status)

/** "Minor", "Medium", "Major", "Critical". */
export const severityLabel = (severity: string): string => capitalize(severity)
