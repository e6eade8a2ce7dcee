// After a bulk run in Chromium through the preview against the practice gateway: the gateway
// refuses two rows (a fault injected), a third row is refused in the file. "Download the links
// (CSV)" gives the created links, each with its customer's e-mail and the message to send; the
// error report, corrected in place and chosen again as it is, creates exactly the rows that
// failed, with the order ids they were given (generated ones too), and no customer gets a
// second link. The practice gateway's records are the witness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openSession, type E2eSession } from './support/session';
import { axeViolations } from './support/axe';
import { practiceControl } from './support/practice-control';
import { BulkPage } from './pages/get-paid-page';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const rows = [
  ',10.00,SAR,"Lessons, April",Huda One,huda1@example.com,+966500002001,,', // no reference: its id is generated
  'AFTER-2,20.00,SAR,Lessons,Huda Two,huda2@example.com,+966500002002,,',
  ',30.00,SAR,Lessons,Huda Three,huda3@example.com,+966500002003,,',
  'AFTER-4,40.00,SAR,Lessons,Huda Four,huda4@example.com,+966500002004,,',
  ',50.00,SAR,Lessons,Huda Five,huda5@,+966500002005,,', // refused in the file
];
const csv = '\uFEFF' + [header, ...rows].join('\r\n') + '\r\n';

describe('after a bulk run: the links to send, the failed rows to fix', () => {
  let session: E2eSession;
  let app: BulkPage;
  let practice: Awaited<ReturnType<typeof practiceControl>>;
  const created = async () => (await practice.records()).filter((r) => r.operation === 'createPaymentLink').map((r) => r.orderId!);
  const download = async (testId: string) => {
    const [file] = await Promise.all([session.page.waitForEvent('download'), session.page.getByTestId(testId).click()]);
    return readFileSync((await file.path())!, 'utf8');
  };

  beforeAll(async () => {
    session = await openSession();
    app = new BulkPage(session.page);
    await app.open(session.preview.url);
    practice = await practiceControl(session.page, session.preview.dataDir);
  });
  afterAll(() => session?.close());

  it('downloads the created links with their messages, and the failed rows fixed and chosen again are created once', async () => {
    await app.openScreen('bulk');
    await app.choose('april.csv', csv);
    // The gateway refuses the first two rows it is sent.
    await practice.fault('createPaymentLink', { failure: 'error_envelope', times: 2 });
    await session.page.getByTestId('bulk-start').click();
    await app.batchState('done');
    expect(await session.page.getByTestId('bulk-status').textContent()).toContain('2 created, 3 not created, 0 unknown, 0 waiting, of 5');
    expect((await created()).sort()).toEqual(['AFTER-4', expect.stringMatching(/./)].sort());

    // The links to send, one press: each customer's e-mail and phone, the amount exact, the link and its message.
    const links = (await download('bulk-links-csv')).split('\r\n').filter(Boolean);
    expect(links[0]).toBe('\uFEFForderId,customerName,customerEmail,customerPhone,amount,currency,description,state,link,message,amount_minor');
    expect(links).toHaveLength(3);
    const four = links.find((l) => l.startsWith('AFTER-4,'))!;
    const url = /,(http:\/\/127\.0\.0\.1:\d+\/link\?linkId=lnk_[\w-]+),/.exec(four)![1]!;
    expect(four.startsWith(`AFTER-4,Huda Four,huda4@example.com,+966500002004,40.00,SAR,Lessons,Pending,${url},"Hello Huda Four, please pay `)).toBe(true);
    expect(four.endsWith(` for Lessons (ref. AFTER-4) here: ${url}",4000`)).toBe(true);
    expect(await axeViolations(session.page)).toEqual([]);

    // The failed rows, in the template's columns with the reason last: corrected in place, chosen again as they are.
    const report = await download('bulk-report');
    const reportLines = report.split('\r\n').filter(Boolean);
    expect(reportLines[0]).toBe(`\uFEFF${header},amount_minor,error`);
    expect(reportLines).toHaveLength(4);
    const generated = /^(\S+?),10\.00,/.exec(reportLines[1]!)![1]!; // the id row 2 was given, kept for its next try
    expect(reportLines[2]).toMatch(/^AFTER-2,20\.00,SAR,Lessons,Huda Two,/);
    // Refused in the file, it was given an id with the batch too.
    const five = /^(PD-\d{8}-\w{8}),50\.00,SAR,Lessons,Huda Five,huda5@,\+966500002005,,,5000,Customer e-mail \(customerEmail\): /.exec(reportLines[3]!)![1]!;
    const corrected = report.replace('huda5@,', 'huda5@example.com,');
    await app.choose('april-errors.csv', corrected);
    expect(await session.page.getByTestId('bulk-summary').textContent()).toBe('3 rows can be sent; none has problems.');
    await session.page.getByTestId('bulk-start').click();
    await app.batchState('done');
    expect(await session.page.getByTestId('bulk-status').textContent()).toContain('3 created, 0 not created, 0 unknown, 0 waiting, of 3');

    // Five customers, five links: each row created once, the generated id as it was given.
    const all = await created();
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    expect(all).toEqual(expect.arrayContaining(['AFTER-2', 'AFTER-4', generated, five]));
    // The corrected file chosen once more (as one does): nothing can be sent, no customer gets a second link.
    await app.choose('april-errors.csv', corrected);
    expect(await session.page.getByTestId('bulk-summary').textContent()).toBe('0 rows can be sent; 3 have problems and will not be sent.');
    // Both batches' links from Recent batches, a press each.
    expect(await session.page.getByTestId('bulk-recent-links').count()).toBe(2);
  });
});
