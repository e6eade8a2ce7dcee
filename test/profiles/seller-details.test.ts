// Seller details are kept by main with each profile (the profiles file), checked as the tax
// authority's format requires, survive a restart, and never ride along in a profile's view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vatNumberProblem } from '../../main/profiles/seller-rules';
import { ctx, profileApp, sandboxInput } from './support';

const seller = { legalNameAr: 'شركة المثال للتجارة', legalNameEn: 'Example Trading Co.', vatNumber: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣', crNumber: '1010010000', address: 'Riyadh', logo: null };

describe('seller details per profile', () => {
  it('checks the VAT registration number: 15 digits, first and last 3', () => {
    expect(vatNumberProblem('310122393500003')).toBeUndefined();
    expect(vatNumberProblem('310 1223 9350 0003')).toBeUndefined();
    expect(vatNumberProblem('31012239350000')).toEqual({ key: 'seller.vatDigits' });
    expect(vatNumberProblem('210122393500003')).toEqual({ key: 'seller.vatThrees' });
    expect(vatNumberProblem('310122393500002')).toEqual({ key: 'seller.vatThrees' });
  });

  it('keeps them per profile in the profiles file, across a restart, out of the profile view', async () => {
    const first = profileApp();
    const sandbox = await first.handlers.createProfile(sandboxInput, ctx);
    if (!sandbox.ok) throw new Error('no profile');
    expect(await first.handlers.setSellerDetails({ id: 'practice', seller }, ctx)).toMatchObject({ ok: true, value: { seller: { vatNumber: '310122393500003' } } });
    expect(await first.handlers.getSellerDetails({ id: sandbox.value.id }, ctx)).toEqual({ ok: true, value: { seller: null } });
    const refused = await first.handlers.setSellerDetails({ id: sandbox.value.id, seller: { ...seller, vatNumber: '123', crNumber: '12', logo: 'data:text/html;base64,AAAA' } }, ctx);
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { vatNumber: expect.any(String), crNumber: expect.any(String), logo: expect.any(String) } } });

    const again = profileApp({ dataDir: first.dataDir });
    expect(await again.handlers.getSellerDetails({ id: 'practice' }, ctx)).toMatchObject({ ok: true, value: { seller: { legalNameAr: seller.legalNameAr, crNumber: '1010010000' } } });
    const list = await again.handlers.listProfiles({}, ctx);
    expect(JSON.stringify(list)).not.toContain('310122393500003');
    // Only whether they are set: Transactions offers the invoices' register by it (docs/invoices.md).
    expect(list.ok && list.value.profiles.map((p) => [p.id, p.hasSeller])).toEqual([['practice', true], [sandbox.value.id, false]]);
    expect(readFileSync(join(first.dataDir, 'profiles.json'), 'utf8')).toContain('310122393500003');
  });
});
