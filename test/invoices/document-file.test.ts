// Numbers are per profile: the practice profile's INV-000001 and a sandbox's INV-000001 are two
// documents. Both were saved and opened as "INV-000001.pdf", so one replaced the other in a folder
// (and "Open PDF" wrote each over the other). The name now says a test document's environment and
// profile, in characters every system accepts; a production document's only when another
// production profile's document has its number. Real ledger file, practice gateway, Chromium.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFileName, fileNamePart, writeForViewer } from '../../main/invoices/document-file';
import { customer, threeLines } from '../support/seller';
import { startInvoiceLedger } from './support';

describe('two profiles, each with its INV-000001', () => {
  let t: Awaited<ReturnType<typeof startInvoiceLedger>>;
  const opened: string[] = [];
  beforeAll(async () => {
    t = await startInvoiceLedger({ openPdf: (fileName, pdf, id) => {
      const path = writeForViewer(join(t.dir, 'invoices'), id, fileName, pdf);
      opened.push(path);
      return Promise.resolve(path);
    } });
  });
  afterAll(() => t?.close());

  const create = (orderId: string) => t.invoices.create({ orderId, currency: 'SAR', lines: threeLines, pricesIncludeVat: false, customer, language: 'both' }, t.ctx);

  it('gives each its own file name, saying the environment and the profile', async () => {
    const practice = (await create('FILES-PRACTICE')).invoice;
    // An Arabic name, with a slash and a bidi mark a file list would reorder the name by.
    t.useProfile({ id: 'sandbox-1', name: 'بيئة\u200F الاختبار/الرياض', environment: 'sandbox' });
    const sandbox = (await create('FILES-SANDBOX')).invoice;
    expect([practice.number, sandbox.number]).toEqual(['INV-000001', 'INV-000001']);

    const names = [(await t.invoices.document({ invoiceId: practice.id })).fileName, (await t.invoices.document({ invoiceId: sandbox.id })).fileName];
    expect(names).toEqual(['INV-000001 (practice).pdf', 'INV-000001 (sandbox, بيئة الاختبار الرياض).pdf']);

    // "Open PDF": each its own file; the practice invoice's is still there, still the practice one's.
    const first = (await t.invoices.open({ invoiceId: practice.id })).path!;
    const before = readFileSync(first);
    const second = (await t.invoices.open({ invoiceId: sandbox.id })).path!;
    expect(second).not.toBe(first);
    expect(readFileSync(first)).toEqual(before);
    expect(opened.map((p) => p.split('/').at(-1))).toEqual(names);
  }, 60_000);
});

describe('the file name', () => {
  it('is the bare number for a production document no other production profile numbers alike', () => {
    expect(documentFileName({ number: 'INV-000007', environment: 'production', profileName: 'Main shop' })).toBe('INV-000007.pdf');
    expect(documentFileName({ number: 'CN-000002', environment: 'production', profileName: 'Main shop', numberShared: true })).toBe('CN-000002 (Main shop).pdf');
  });

  it('names a laptop series copied to the team ledger', () => {
    expect(documentFileName({ number: 'INV-000003', environment: 'production', profileName: 'Shop', laptop: 'HUDA-PC' })).toBe('INV-000003 (laptop HUDA-PC).pdf');
  });

  it('keeps only what every system allows in a name', () => {
    expect(fileNamePart(' a<b>c:d"e\\f|g?h*i\u2066j\u2069\tk. ')).toBe('a b c d e f g h ij k');
    expect([...fileNamePart('م'.repeat(100))]).toHaveLength(60);
    expect(fileNamePart('\u200F\u202E')).toBe('');
    expect(documentFileName({ number: 'INV-000001', environment: 'sandbox', profileName: '\u200F' })).toBe('INV-000001 (sandbox).pdf');
  });
});

describe('a document opened for the viewer', () => {
  it('never replaces another document of the same file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-viewer-'));
    try {
      const a = writeForViewer(dir, 'doc-a', 'INV-000001.pdf', Buffer.from('a'));
      const b = writeForViewer(dir, 'doc-b', 'INV-000001.pdf', Buffer.from('b'));
      expect(readFileSync(a, 'utf8')).toBe('a');
      expect(readFileSync(b, 'utf8')).toBe('b');
      // The same document drawn again replaces its own earlier drawing, nothing more.
      writeForViewer(dir, 'doc-a', 'INV-000001.pdf', Buffer.from('a2'));
      expect(readFileSync(a, 'utf8')).toBe('a2');
      expect(readdirSync(dir).sort()).toEqual(['doc-a', 'doc-b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
