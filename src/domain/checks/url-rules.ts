/** Rules for target addresses shared by check types (pure). */
import { isIPv6 } from 'node:net'
import type { FieldErrorCollector } from '../errors.js'

/** http(s) URLs; a URL may also start with a {{VARIABLE}} (e.g. {{GROUP_BASE_URL}}) that is resolved at run time. */
export function validateHttpUrl(value: unknown, field: string, errors: FieldErrorCollector): void {
  if (typeof value !== 'string') return
  if (value.startsWith('{{')) return
  if (!/^https?:\/\//i.test(value)) {
    errors.add(field, 'must start with http:// or https://')
    return
  }
  try {
    const withPlaceholders = value.replace(/\{\{\{?[^}]+\}?\}\}/g, 'x')
    new URL(withPlaceholders)
  } catch {
    errors.add(field, 'must be a valid URL')
  }
}

/** A bare host name or IP address: no scheme, path or port. */
export function validateHostname(value: unknown, field: string, errors: FieldErrorCollector): void {
  if (typeof value !== 'string') return
  if (value.includes('{{')) return
  if (/[/\s]/.test(value) || value.includes('://')) {
    errors.add(field, 'must be a host name or IP address, without scheme or path')
    return
  }
  // A colon is allowed only inside an IPv6 address (bare or in brackets): `10.0.0.1:5432` is an address with a port.
  const isIpv6 = isIPv6(value.replace(/^\[(.*)\]$/, '$1'))
  if (!isIpv6 && value.includes(':')) errors.add(field, 'must not include a port')
}
