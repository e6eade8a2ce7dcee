// The bulk check of a mixed file read in Arabic and English in a 600 px window, in Chromium through
// the preview (docs/screens-getting-paid.md, "Bulk links walked in Arabic at 600 px"): every
// customer name whole (the problems' long words took the room and cut each name, "Sara Qahtani"
// read "Sara …ahtan", "فاطمة الزهراء العنزي" lost its last word), nothing wider than the window,
// each problem naming its line and column in the reader's language, and amounts read exactly as
// written or refused on their line, never changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type E2eSession } from './support/session';
import { BulkPage } from './pages/get-paid-page';

const header = 'orderId,amount,currency,description,customerName,customerEmail,customerPhone,issueDate,expireDate';
const long = 'Annual maintenance contract for the Riyadh branch, spare parts, two site visits a month and quarterly reports';
const file = [header,
  'N-1,12.345,KWD,Kuwait order,Ahmed Ali,ahmed@example.com,+96550000001,,',
  'N-2,12.345,JOD,Jordan order,Lina Haddad,lina@example.com,+962790000002,,',
  'N-3,12.345,SAR,Riyadh order,Sara Qahtani,sara@example.com,+966500000004,,',
  'N-4,50.00,SAR,No e-mail,Omar Said,,+966500000005,,',
  'N-1,20.00,SAR,Same order id,Huda Saleh,huda@example.com,+966500000006,,',
  'N-6,75.00,SAR,Arabic name,فاطمة الزهراء العنزي,fatima@example.com,+966500000007,,',
  `N-7,99.00,SAR,"${long}",Abdulrahman Alqahtani,long@example.com,+966500000008,,`,
  'N-8,"1,234.5",SAR,Thousands,Khalid Omar,khalid@example.com,+966500000009,,',
  'N-9,١٢٣,SAR,Arabic-Indic digits,Noura Ali,noura@example.com,+966500000010,,',
  'N-10,"1.234,50",SAR,European decimals,Jan Meyer,jan@example.com,+966500000011,,',
  'N-11,45.00,SAR,Phone at home,Saad Ali,saad@example.com,0501234567,,',
  'N-12,60.00,SAR,Day first,John Smith,john@example.com,+966500000012,30/11/2026,',
].join('\r\n') + '\r\n';
const names = ['Ahmed Ali', 'Lina Haddad', 'Sara Qahtani', 'Omar Said', 'Huda Saleh', 'فاطمة الزهراء العنزي', 'Abdulrahman Alqahtani', 'Khalid Omar', 'Noura Ali', 'Jan Meyer', 'Saad Ali', 'John Smith'];
/** Without the isolates and direction marks around amounts and the file's column names. */
const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

describe.each(['ar', 'en'] as const)('the bulk check at 600 px (%s)', (language) => {
  let session: E2eSession;
  let app: BulkPage;

  beforeAll(async () => {
    session = await openSession();
    await session.page.setViewportSize({ width: 600, height: 800 });
    app = new BulkPage(session.page);
    await app.open(session.preview.url);
    await app.chooseLanguage(language);
    await app.openScreen('bulk');
    await app.choose('mixed.csv', file);
  });
  afterAll(() => session?.close());

  it('shows every customer name whole, and nothing wider than the window', async () => {
    const page = session.page;
    const shown = await page.getByTestId('bulk-preview-row').evaluateAll((rows) => rows.map((row) => {
      const name = row.querySelector<HTMLElement>('.customer-name')!;
      return { name: name.textContent, cut: name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1 };
    }));
    expect(shown.map((s) => s.name)).toEqual(names);
    expect(shown.filter((s) => s.cut).map((s) => s.name)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
    await session.screenshot(`bulk-check-600-${language}`);
  });

  it('names each problem’s line and column in the reader’s language, and reads amounts exactly or refuses them', async () => {
    const rows = (await app.rows()).map((cells) => cells.map(plain));
    const byLine = new Map(rows.map(([line, , amount, , check]) => [line, { amount, check }]));
    if (language === 'ar') {
      expect(byLine.get('4')!.check).toBe('المبلغ (amount): تسمح عملة SAR بخانتين عشريتين على الأكثر.');
      expect(byLine.get('5')!.check).toBe('البريد الإلكتروني للعميل (customerEmail): املأ هذا الحقل.');
      expect(byLine.get('6')!.check).toBe('مرجع الطلب أو الفاتورة (orderId): مرجع الطلب هذا موجود أيضًا في السطر 2.');
      expect(byLine.get('9')!.amount).toBe('1,234.50 SAR');
      expect(byLine.get('10')!.amount).toBe('123.00 SAR');
      expect(byLine.get('11')!.check).toMatch(/^المبلغ \(amount\): استخدم النقطة للكسور العشرية/);
    } else {
      expect(byLine.get('4')!.check).toBe('Amount (amount): SAR allows at most 2 decimals.');
      expect(byLine.get('9')!.amount).toBe('SAR 1,234.50');
      expect(byLine.get('10')!.amount).toBe('SAR 123.00');
    }
    expect(byLine.get('2')!.amount).toMatch(/12\.345/); // KWD and JOD take 3 decimals
    expect(byLine.get('3')!.amount).toMatch(/12\.345/);
    expect(byLine.get('11')!.amount).toBe('1.234,50 SAR'); // refused: shown as the file has it
  });

  // In a narrow Arabic cell the phone to write broke over two lines and read "966+" at one line's end;
  // the date to write read "30-11-2026" (it was not isolated). Each is now one unit, left to right.
  it.runIf(language === 'ar')('draws the phone and the date to write whole and left to right inside the problem', async () => {
    const drawn = (line: string, token: string) => session.page.getByTestId('bulk-preview-row').evaluateAll((rows, [line, token]) => {
      const row = rows.find((r) => r.querySelector('td')!.textContent === line)!;
      const walker = document.createTreeWalker(row.querySelector('td:last-child')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const at = node.data.indexOf(token!);
        if (at < 0) continue;
        const box = (i: number) => { const range = document.createRange(); range.setStart(node!, at + i); range.setEnd(node!, at + i + 1); return range.getBoundingClientRect(); };
        const first = box(0), last = box(token!.length - 1);
        return { oneLine: Math.abs(first.top - last.top) < 2, leftToRight: first.left < last.left };
      }
      return undefined;
    }, [line, token]);
    expect(await drawn('12', '+966 501234567')).toEqual({ oneLine: true, leftToRight: true });
    expect(await drawn('13', '2026-11-30')).toEqual({ oneLine: true, leftToRight: true });
    await session.screenshot(`bulk-check-600-ltr-runs-${language}`);
  });
});
