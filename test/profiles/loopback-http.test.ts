// A sandbox profile may point at http:// on this computer only (a practice gateway or a local
// stand-in): the key never leaves the machine. Anywhere else, and for production, https only.
import { expect, it } from 'vitest';
import { baseUrlProblem } from '../../main/profiles/profile-rules';

it.each(['http://127.0.0.1:8124/api/v1', 'http://127.3.2.1/api/v1', 'http://localhost:9000/api/v1', 'http://[::1]:8124/api/v1'])('accepts %s for a sandbox profile', (url) => {
  expect(baseUrlProblem(url, 'sandbox')).toBeUndefined();
});

it.each(['http://127.0.0.1.example.com/api/v1', 'http://10.0.0.1/api/v1', 'http://localhost.example/api/v1', 'http://[::2]/api/v1', 'http://gw.example/api/v1'])('refuses %s for a sandbox profile', (url) => {
  expect(baseUrlProblem(url, 'sandbox')).toMatchObject({ key: 'profile.baseUrlHttp' });
});

it('refuses http on loopback for a production profile', () => {
  expect(baseUrlProblem('http://127.0.0.1:8124/api/v1', 'production')).toMatchObject({ key: 'profile.baseUrlHttp', values: { environment: 'production' } });
});
