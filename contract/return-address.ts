// Where the gateway sends a customer after paying (successUrl, failureUrl): one rule for a payment
// link, a checkout session, a card sale and a profile's default addresses, in main and in the
// forms. http: or https:, no user name or password; a production profile's customers only to
// https: (its real customers' browsers, and the gateway's documents say nothing either way), with
// no loopback exception (a customer's own computer is not the shop). A sandbox may use http:
// (a shop's test pages). docs/profiles-and-keys.md, "Addresses".
export type ReturnAddressProblem = 'invalid' | 'scheme' | 'production' | 'credentials';

export function returnAddressProblem(text: string, environment: string): ReturnAddressProblem | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (environment === 'production' && url.protocol !== 'https:') return 'production';
  if (url.username || url.password) return 'credentials';
  return undefined;
}
