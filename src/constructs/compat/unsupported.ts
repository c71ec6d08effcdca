/**
 * Constructs of the hosted service that Picket has no resource for. Creating one stops the load with an error that
 * names the construct, its logical id and the file that declared it (the loader prefixes the file and line), rather
 * than deploying a project that silently lacks it.
 */
const NOT_SUPPORTED: Record<string, string> = {
  PagerdutyAlertChannel: 'PagerDuty alert channels',
  OpsgenieAlertChannel: 'Opsgenie alert channels',
  MSTeamsAlertChannel: 'Microsoft Teams alert channels',
  PhoneCallAlertChannel: 'phone call alert channels',
  SlackAppAlertChannel: 'Slack app alert channels',
  TelegramAlertChannel: 'Telegram alert channels',
  IncidentioAlertChannel: 'incident.io alert channels',
  StatusPageV3: 'v3 status pages',
  StatusPageV3Component: 'v3 status page components',
  StatusPageV3AutomationRule: 'v3 status page automation rules',
  Incident: 'incidents',
}

export class UnsupportedConstructError extends Error {}

/** A class of the given name whose constructor throws the error. */
function unsupported(name: string): new (logicalId: string, props?: unknown) => object {
  const what = NOT_SUPPORTED[name] ?? name
  const cls = class {
    constructor(logicalId: string) {
      throw new UnsupportedConstructError(`${name} "${String(logicalId)}": ${what} are not supported by picket; remove it from the project or replace it`)
    }
  }
  Object.defineProperty(cls, 'name', { value: name })
  return cls as unknown as new (logicalId: string, props?: unknown) => object
}

export const PagerdutyAlertChannel = unsupported('PagerdutyAlertChannel')
export const OpsgenieAlertChannel = unsupported('OpsgenieAlertChannel')
export const MSTeamsAlertChannel = unsupported('MSTeamsAlertChannel')
export const PhoneCallAlertChannel = unsupported('PhoneCallAlertChannel')
export const SlackAppAlertChannel = unsupported('SlackAppAlertChannel')
export const TelegramAlertChannel = unsupported('TelegramAlertChannel')
export const IncidentioAlertChannel = unsupported('IncidentioAlertChannel')
export const StatusPageV3 = unsupported('StatusPageV3')
export const StatusPageV3Component = unsupported('StatusPageV3Component')
export const StatusPageV3AutomationRule = unsupported('StatusPageV3AutomationRule')
