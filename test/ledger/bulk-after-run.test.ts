// After a bulk run, on both ledgers through main's handlers as the renderer calls them, against
// the practice gateway over HTTP: the links a batch created download as one CSV for a mail merge
// (each customer's e-mail and phone, the amount as an exact decimal from its minor units, the link
// and the message the page worded), the same bytes on a laptop's file and on the team's database,
// audited as an export; the error report is in the template's columns with the reason last, so it
// is corrected and chosen again as it is, and then creates only the rows that failed.
import { expect, it, vi } from 'vitest';
import { describeLedgerApp } from '../support/ledger-apps';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const file = (csv: string) => Buffer.from(csv, 'utf8').toString('base64');
// A year ahead: a row whose expiry has passed is refused too (main/payments/offer-dates.ts).
const next = new Date().getFullYear() + 1;
const rows = [
  'AR-1,"1,234.50",SAR,=SUM(1),سارة أحمد,sara@example.com,+966500001001,,',
  'AR-2,12.345,KWD,"Rent, March",Omar,omar@example.com,+96550001002,,',
  // Refused in the file: an e-mail without its domain; its dates are given back as typed.
  `AR-3,10.00,SAR,Fees,Bad Mail,bad@,+966500001003,${next}-12-01,${next}-12-31`,
  // Refused: a local phone (the report gives the cell back, its "+"-less text as typed).
  ',7.5,SAR,No reference,Local Phone,local@example.com,0501234567,,',
];
const csv = [header, ...rows].join('\r\n') + '\r\n';
/** The practice gateway's link addresses (each app has a gateway of its own), as one word. */
const linksAsWords = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+\/link\?linkId=lnk_[\w-]+/g, 'LINK');

describeLedgerApp('after a bulk run', (app) => {
  let batchId = '';

  it('downloads the created links as CSV: one row per link, exact amounts, the page\'s message, the same bytes on both ledgers, audited', async () => {
    const batch = await app().value('bulkCreateBatch', { file: file(csv), fileName: 'after.csv' });
    batchId = batch.id;
    await app().value('bulkRun', { batchId });
    await app().bulk.idle(batchId);
    expect(await app().value('getBulkBatch', { batchId })).toMatchObject({ state: 'done', created: 2, failed: 2 });

    const links = await app().value('bulkLinks', { batchId });
    expect(links.map((l: { line: number; amountMinor: number; currency: string; state: string; url: string }) => [l.line, l.amountMinor, l.currency, l.state, linksAsWords(l.url)]))
      .toEqual([[2, 123_450, 'SAR', 'pending', 'LINK'], [3, 12_345, 'KWD', 'pending', 'LINK']]);
    const wording = Object.fromEntries(links.map((l: { line: number; url: string }) => [String(l.line), { message: `=Pay here ${l.url}`, state: 'قيد الانتظار' }]));
    const download = await app().value('bulkLinksCsv', { batchId, wording });
    expect(download).toMatchObject({ rows: 2, fileName: `paydesk-bulk-links-${batchId.slice(0, 8)}.csv` });
    // The phone as the customer's number (a mail merge or an SMS tool took an apostrophe before it as part of it); a formula still gets one.
    expect(linksAsWords(download.csv)).toBe(
      '\uFEFForderId,customerName,customerEmail,customerPhone,amount,currency,description,state,link,message,amount_minor\r\n'
      + "AR-1,سارة أحمد,sara@example.com,+966500001001,1234.50,SAR,'=SUM(1),قيد الانتظار,LINK,'=Pay here LINK,123450\r\n"
      + "AR-2,Omar,omar@example.com,+96550001002,12.345,KWD,\"Rent, March\",قيد الانتظار,LINK,'=Pay here LINK,12345\r\n",
    );

    const entries = (await app().value('listAuditLog', { query: 'export_bulk_links', limit: 10 })).rows.filter((r: { action: string }) => r.action === 'export_bulk_links');
    expect(entries[0]).toMatchObject({ action: 'export_bulk_links', osUser: 'tester', result: `2 rows; file ${download.fileName}` });
  });

  // walk34: the file is for sending; a page on plain http at another host is not one to send (contract/pay-page.ts).
  it('leaves out of the file a link whose page the gateway gave on plain http at another host: its row and the page\'s message stay, the ledger keeps the page', async () => {
    const first = (await app().store.byOrderId('practice', 'AR-1'))!;
    const insecure = 'http://pay.gateway.example/l/AR-1';
    await app().store.update(first.id, { link_url: insecure }, 'test', new Date().toISOString());
    try {
      const download = await app().value('bulkLinksCsv', { batchId, wording: { 2: { message: 'Not offered to send', state: 'Unpaid' } } });
      expect(download.rows).toBe(2);
      expect(download.csv).not.toContain('pay.gateway.example');
      expect(download.csv.split('\r\n')[1]).toBe("AR-1,سارة أحمد,sara@example.com,+966500001001,1234.50,SAR,'=SUM(1),Unpaid,,Not offered to send,123450");
      expect((await app().store.get(first.id))!.link_url).toBe(insecure);
    } finally {
      await app().store.update(first.id, { link_url: first.link_url }, 'test', new Date().toISOString());
    }
  });

  it('reads a batch\'s links with its rows in one query, not payment by payment (5,000 links: bench/bulk-links.ts)', async () => {
    const onePayment = vi.spyOn(app().store, 'get');
    try {
      expect(await app().value('bulkLinks', { batchId })).toHaveLength(2);
      expect(await app().value('bulkLinksCsv', { batchId, wording: {} })).toMatchObject({ rows: 2 });
      expect(onePayment).not.toHaveBeenCalled();
    } finally {
      onePayment.mockRestore();
    }
  });

  it('gives the failed rows back in the template\'s columns, reason last; the file chosen again as it is, then corrected, creates only those rows', async () => {
    const wording = { 4: 'البريد الإلكتروني غير صالح', 5: 'الهاتف بصيغة محلية' };
    const report = await app().value('bulkErrorReport', { batchId, wording });
    expect(report.rows).toBe(2);
    // A row without an order reference was given one with the batch, refused in the file or not: it is made once, however often the file is chosen.
    const given = /\r\n(PD-\d{8}-\w{8}),7\.5,/.exec(report.csv)?.[1];
    expect(report.csv).toBe(
      `\uFEFF${header},amount_minor,error\r\n`
      + `AR-3,10.00,SAR,Fees,Bad Mail,bad@,+966500001003,${next}-12-01,${next}-12-31,1000,البريد الإلكتروني غير صالح\r\n`
      + `${given},7.5,SAR,No reference,Local Phone,local@example.com,0501234567,,,750,الهاتف بصيغة محلية\r\n`,
    );

    // As it is: the same two problems, nothing else in it.
    const asIs = await app().value('bulkPreview', { file: file(report.csv) });
    expect(asIs).toMatchObject({ valid: 0, invalid: 2, fileError: null });
    // Corrected in place, and the links' rows pasted in again by mistake: those are refused as already in the ledger.
    const corrected = report.csv.replace('bad@,', 'bad@example.com,').replace('0501234567', '+966501234567')
      + 'AR-1,"1,234.50",SAR,Again,سارة أحمد,sara@example.com,+966500001001,,,\r\n';
    const again = await app().value('bulkCreateBatch', { file: file(corrected), fileName: 'after-errors.csv' });
    expect(again).toMatchObject({ total: 3, pending: 2, failed: 1 });
    expect(again.rows.find((r: { orderId: string }) => r.orderId === 'AR-1').problems).toEqual([{ column: 'orderId', reason: { key: 'bulk.orderIdInLedger' } }]);
    await app().value('bulkRun', { batchId: again.id });
    await app().bulk.idle(again.id);
    expect(await app().value('getBulkBatch', { batchId: again.id })).toMatchObject({ state: 'done', created: 2, failed: 1 });
    const sent = app().practice.gateway.records().filter((r) => r.operation === 'createPaymentLink').map((r) => r.orderId);
    expect(sent.filter((id) => id === 'AR-1')).toHaveLength(1);
    expect(sent.filter((id) => id === 'AR-3')).toHaveLength(1);
    expect(await app().store.byOrderId('practice', 'AR-3')).toMatchObject({ customer_email: 'bad@example.com', amount_minor: 1_000 });
    expect(await app().store.byOrderId('practice', given!)).toMatchObject({ customer_phone: '+966501234567', amount_minor: 750 });
    // The corrected file chosen once more: every row is in the ledger now, none can be sent.
    expect(await app().value('bulkPreview', { file: file(corrected) })).toMatchObject({ valid: 0, invalid: 3 });
  });

  // Excel writes CSV with semicolons where the comma is the decimal mark (and in many Arabic
  // locales): the reports written back use the file's separator, so they open in columns there.
  it('writes a semicolon file\'s error report and links CSV with semicolons, and reads the report back as it is', async () => {
    const semicolons = [
      'orderId;amount;currency;description;customerName;customerEmail;customerPhone;issueDate;expireDate',
      'SC-1;25.00;SAR;Rent, March; two rooms;Huda;huda@example.com;+966500002001;;',
      'SC-2;5.00;SAR;Fees;Bad Mail;bad@;+966500002002;;',
    ].join('\r\n').replace('Rent, March; two rooms', '"Rent, March; two rooms"') + '\r\n';
    const batch = await app().value('bulkCreateBatch', { file: file(semicolons), fileName: 'semicolons.csv' });
    await app().value('bulkRun', { batchId: batch.id });
    await app().bulk.idle(batch.id);

    const links = await app().value('bulkLinksCsv', { batchId: batch.id, wording: {} });
    expect(linksAsWords(links.csv)).toBe(
      '\uFEFForderId;customerName;customerEmail;customerPhone;amount;currency;description;state;link;message;amount_minor\r\n'
      + 'SC-1;Huda;huda@example.com;+966500002001;25.00;SAR;"Rent, March; two rooms";pending;LINK;;2500\r\n',
    );
    const report = await app().value('bulkErrorReport', { batchId: batch.id, wording: { 3: 'E-mail not valid' } });
    expect(report.csv).toBe('\uFEFForderId;amount;currency;description;customerName;customerEmail;customerPhone;issueDate;expireDate;amount_minor;error\r\n'
      + 'SC-2;5.00;SAR;Fees;Bad Mail;bad@;+966500002002;;;500;E-mail not valid\r\n');
    expect(await app().value('bulkPreview', { file: file(report.csv) })).toMatchObject({ valid: 0, invalid: 1, fileError: null });
    // A comma file's reports stay in commas (the batch of the first test).
    expect((await app().value('bulkErrorReport', { batchId, wording: {} })).csv).toMatch(/^\uFEFForderId,amount,/);
  });
});
