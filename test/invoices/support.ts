// A ledger with invoices for a test: real SQLite, the practice gateway over loopback HTTP, the
// payments service with the invoice service listening for confirmed refunds, and Debian's
// Chromium drawing the documents (the preview's renderer).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SellerDetails } from '../../contract/methods/profiles';
import { createEventHub } from '../../main/core/event-hub';
import { chromiumDocuments } from '../../main/entry/chromium-documents';
import { createGatewayClient } from '../../main/gateway/client';
import { createInvoiceService, type InvoiceDeps, type InvoiceService } from '../../main/invoices/invoice-service';
import { openLedgerDb } from '../../main/ledger/database';
import { createSqliteLedgerStore } from '../../main/ledger/sqlite-store';
import { createPaymentsService } from '../../main/payments/payments-service';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';
import { startTestGateway } from '../support/practice';
import { seller } from '../support/seller';

export { seller } from '../support/seller';

export async function startInvoiceLedger(options: { fetch?: typeof fetch; openPdf?: InvoiceDeps['openPdf'] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-invoices-'));
  const practice = await startTestGateway();
  const db = openLedgerDb(dir);
  const client = createGatewayClient({ logger: practice.logger, sleep: async () => {}, timeoutMs: 2_000, fetch: options.fetch });
  // The profile in use: a test may switch to another (a sandbox), whose numbers are its own.
  let profile: { id: string; name: string; environment: 'practice' | 'sandbox' | 'production' } = { id: 'practice', name: 'Practice', environment: 'practice' };
  const profileNames = new Map([[profile.id, profile.name]]);
  const holder: { invoices?: InvoiceService } = {};
  const payments = createPaymentsService({
    store: createSqliteLedgerStore(db), client, logger: practice.logger, events: createEventHub(),
    active: async () => ({ profile, conn: practice.conn, defaults: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' } }),
    connectionFor: async () => practice.conn,
    requireConfirmation: requireProductionConfirmation,
    onRefundConfirmed: (refund, tx) => holder.invoices?.onRefundConfirmed(refund, tx),
  });
  const documents = chromiumDocuments();
  let currentSeller: SellerDetails | undefined = seller;
  const invoices = createInvoiceService({
    rows: payments.store.invoices, logger: practice.logger, payment: (id) => payments.store.get(id), activeProfileId: async () => profile.id, seller: () => currentSeller,
    profileName: async (id) => profileNames.get(id), openPdf: options.openPdf,
    createLink: (input, ctx, o) => payments.createLink(input, ctx, o), render: documents.render,
  });
  holder.invoices = invoices;
  const ctx = { transport: 'direct' as const, osUser: 'tester' };
  return {
    dir, db, payments, invoices, ctx, practice,
    setSeller: (next: SellerDetails | undefined) => void (currentSeller = next),
    useProfile(next: typeof profile) {
      profile = next;
      profileNames.set(next.id, next.name);
    },
    async close() {
      await documents.close();
      db.close();
      await practice.gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Pays a practice link the way its page's form does (a customer in a browser is the e2e test's job). */
export async function payLink(url: string) {
  const page = await (await fetch(url)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name!, value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))));
  form.set('cardNumber', '5123450000000008');
  form.set('cardHolder', 'LAYLA HADDAD');
  form.set('expiry', '01/39');
  form.set('cvv', '100');
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
  await fetch(new URL(action, url), { method: 'POST', body: form, redirect: 'manual' });
}

/** The PDF's pages as PNG (pdftoppm), every QR code on them (zbarimg), and its text layer (pdftotext). */
export function readPdf(pdf: Uint8Array, dir: string, name: string) {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(dir, name)]);
  const png = join(dir, `${name}.png`);
  let codes: string[] = [];
  try {
    codes = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', png], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean);
  } catch (e) {
    codes = String((e as { stdout?: string }).stdout ?? '').split('\n').filter(Boolean);
  }
  // pdftotext reads the page in logical order and marks each run's direction (U+202A–U+202E): dropped here.
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u202A-\u202E]/g, '');
  return { png, codes, text };
}
