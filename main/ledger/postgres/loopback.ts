// Whether a host is this computer (127.0.0.0/8, ::1, localhost): the one place the team ledger may
// be reached without TLS. Apart from connection.ts so that the settings can ask without loading pg.
import { isIP } from 'node:net';

export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}
