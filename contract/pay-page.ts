// A payment page's address as the gateway answered it (a link's, a checkout session's): customers type
// their card numbers there. It is offered to send (copy, QR code, e-mail and WhatsApp messages, Open,
// a bulk batch's file, an invoice's QR code) only when it is https, or http on this computer (the
// practice gateway, a developer's local sandbox). Plain http at another host is kept in the ledger as
// the gateway gave it (the link exists there) and said, never offered (walk34, docs/decisions.md).
import { isLoopback } from './loopback-host';

export function insecurePayPage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopback(parsed.hostname);
}

/** The address to offer, or null when there is none or it is not safe to send. */
export const payPageToOffer = (url: string | null | undefined): string | null => (url && !insecurePayPage(url) ? url : null);
