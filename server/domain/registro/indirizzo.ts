/**
 * The client address as the register keeps it (issue 28 part 1; the Garante's guidance on system administrators'
 * logs allows a truncated address): IPv4 with the last octet zeroed (`a.b.c.0`), IPv6 cut to its first 48 bits
 * (`2001:db8:1::/48`); an IPv4-mapped IPv6 address is treated as IPv4. Anything else: null.
 */
import { isIPv4, isIPv6 } from 'node:net'

/** Expands an IPv6 address to its 8 groups (null when malformed). */
function gruppiIpv6(ip: string): string[] | null {
  const [head, tail, ...rest] = ip.split('::')
  if (rest.length > 0 || head === undefined) return null
  const a = head === '' ? [] : head.split(':')
  const b = tail === undefined ? [] : tail === '' ? [] : tail.split(':')
  const missing = 8 - a.length - b.length
  if (tail === undefined ? a.length !== 8 : missing < 1) return null
  return [...a, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...b]
}

/** `ip` truncated as the module comment says, or null. */
export function troncaIndirizzo(ip: string | undefined | null): string | null {
  if (!ip) return null
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1]
  const v4 = mapped ?? ip
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`
  if (!isIPv6(ip) || ip.includes('.')) return null
  const groups = gruppiIpv6(ip.split('%')[0] ?? '')
  if (!groups) return null
  return `${groups.slice(0, 3).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/48`
}
