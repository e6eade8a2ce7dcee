// Whether a host name is this computer (localhost, ::1, 127.0.0.0/8): the one place a team ledger
// may be reached without TLS. Shared so that the Settings screen offers what main allows.
const octet = '(?:0|[1-9]\\d{0,2})';
const loopbackV4 = new RegExp(`^127\\.${octet}\\.${octet}\\.${octet}$`);

export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return loopbackV4.test(h) && h.split('.').every((part) => Number(part) <= 255);
}
