// A bulk batch keeps the return addresses it first ran with (walk25 left them unstored: a batch
// stopped on a profile still without defaults asked for them again above Resume, and its later
// rows could go elsewhere than its first). On both ledgers, through main's handlers as the
// renderer calls them, against the practice gateway over HTTP: the batch is stopped after its
// first row, resumed with nothing given (and again with other addresses given), and every row
// goes to the addresses of the first run, each sent once; the batch shows them.
import { expect, it, vi } from 'vitest';
import type { MethodInput } from '../../contract/methods';
import { describeLedgerApp } from '../support/ledger-apps';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const rows = ['KA-1,10.00,SAR,Invoice 1,Sara,sara@example.com,+966501234567,,', 'KA-2,12.00,SAR,Invoice 2,Omar,omar@example.com,+966507771234,,', 'KA-3,14.00,SAR,Invoice 3,Lina,lina@example.com,+966507771235,,'];
const file = Buffer.from([header, ...rows].join('\r\n') + '\r\n', 'utf8').toString('base64');
const typed = { successUrl: 'https://souq.example/paid', failureUrl: 'https://souq.example/not-paid' };

describeLedgerApp('a bulk batch\'s addresses', (app) => {
  /** Every link the runs send, the batch stopped after its first row as Cancel pressed while it runs stops it. */
  function stoppedAfterFirstRow(batchId: string) {
    const sent: Array<MethodInput<'createPaymentLink'>> = [];
    const createLink = app().service.createLink.bind(app().service);
    const spy = vi.spyOn(app().service, 'createLink').mockImplementation(async (input, ctx, options) => {
      sent.push(input);
      const made = await createLink(input, ctx, options);
      if (sent.length === 1) await app().value('bulkCancel', { batchId });
      return made;
    });
    return { sent, spy };
  }

  it('are kept with the batch when it first runs: a resume sends the rest there (not the profile\'s defaults, nor others given), each row once', async () => {
    const batch = await app().value('bulkCreateBatch', { file, fileName: 'kept.csv' });
    expect(batch.addresses ?? null).toBeNull();
    const { sent, spy } = stoppedAfterFirstRow(batch.id);
    try {
      await app().value('bulkRun', { batchId: batch.id, ...typed });
      await app().bulk.idle(batch.id);
      expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'cancelled', created: 1, pending: 2, addresses: typed });

      // Resumed with nothing given: the profile's defaults (https://shop.example/ok) are not the batch's.
      await app().value('bulkRun', { batchId: batch.id });
      await app().bulk.idle(batch.id);
    } finally {
      spy.mockRestore();
    }
    expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 3, pending: 0, addresses: typed });
    expect(sent.map((s) => [s.orderId, s.successUrl, s.failureUrl])).toEqual(['KA-1', 'KA-2', 'KA-3'].map((id) => [id, typed.successUrl, typed.failureUrl]));
    expect(app().practice.gateway.records().filter((r) => r.orderId?.startsWith('KA-')).map((r) => r.orderId)).toEqual(['KA-1', 'KA-2', 'KA-3']);
    // Listed with them too (Recent batches).
    expect((await app().value('listBulkBatches', {})).find((b: { id: string }) => b.id === batch.id)).toMatchObject({ addresses: typed });
  });

  it('are not changed by a resume given other addresses', async () => {
    const batch = await app().value('bulkCreateBatch', { file: Buffer.from([header, rows[0]!.replace(/KA-1/, 'KB-1'), rows[1]!.replace(/KA-2/, 'KB-2')].join('\r\n'), 'utf8').toString('base64'), fileName: 'other.csv' });
    const { sent, spy } = stoppedAfterFirstRow(batch.id);
    try {
      await app().value('bulkRun', { batchId: batch.id });
      await app().bulk.idle(batch.id);
      // The first run had the profile's defaults: those are the batch's now.
      const defaults = { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/no' };
      expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'cancelled', addresses: defaults });
      await app().value('bulkRun', { batchId: batch.id, ...typed });
      await app().bulk.idle(batch.id);
      expect(await app().value('getBulkBatch', { batchId: batch.id })).toMatchObject({ state: 'done', created: 2, addresses: defaults });
      expect(sent.map((s) => [s.orderId, s.successUrl])).toEqual([['KB-1', defaults.successUrl], ['KB-2', defaults.successUrl]]);
    } finally {
      spy.mockRestore();
    }
  });
});
