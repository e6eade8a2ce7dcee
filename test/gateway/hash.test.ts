// The S2S hash against vectors computed independently, by Python, from the interface's
// recipe: reverse(email) + key + reverse(first6 + last4), upper case, MD5, lower-case hex.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { s2sHash } from '../../main/gateway/hash';

function pythonHash(email: string, key: string, card: string): string {
  const script = 'import hashlib,sys\ne,k,c=sys.argv[1:4]\nseg=c[:6]+c[-4:]\nprint(hashlib.md5((e[::-1]+k+seg[::-1]).upper().encode("utf-8")).hexdigest())';
  const run = spawnSync('python3', ['-c', script, email, key, card], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

const vectors: Array<[string, string, string]> = [
  ['customer@example.com', 'sk_test_abc123', '5123450000000008'],
  ['Mixed.Case@Example.COM', 'Key-With-MiXeD-case', '4111111111111111'],
  ['مريم@مثال.السعودية', 'مفتاح-key', '4000000000000002'],
  ['josé.ñúñez@correo.es', 'K3y', '5123450000000008'],
];

describe('S2S hash', () => {
  it.each(vectors)('matches an independent computation for %s', (email, key, card) => {
    const expected = pythonHash(email, key, card);
    expect(expected).toMatch(/^[0-9a-f]{32}$/);
    expect(s2sHash(email, key, card)).toBe(expected);
  });

  it('a vector worked by hand', () => {
    // reverse("a@b.co") = "oc.b@a"; 512345 + 0008 reversed = "8000543215";
    // upper("oc.b@a" + "key" + "8000543215") = "OC.B@AKEY8000543215"; md5sum of that text:
    expect(s2sHash('a@b.co', 'key', '5123450000000008')).toBe('e58fd2992d9f0c042760a9b75f719dc9');
  });

  it('changes when any part changes, and ignores the middle digits of the card', () => {
    const base = s2sHash('a@b.co', 'key', '5123450000000008');
    expect(s2sHash('a@b.co', 'key2', '5123450000000008')).not.toBe(base);
    expect(s2sHash('b@b.co', 'key', '5123450000000008')).not.toBe(base);
    expect(s2sHash('a@b.co', 'key', '5123459999990008')).toBe(base);
    expect(s2sHash('A@B.CO', 'KEY', '5123450000000008')).toBe(base); // upper-cased before hashing
  });
});
