// Home's "What do you want to do?" on the team ledger offers the role's own tasks (walk of the
// team ledger: finance was offered "New payment link", "Take a card payment" and "New checkout
// session", each ending at "Your role … does not create them", and staff and finance "Refund or
// check a payment", a refund they cannot make). Its intro says what the reader can do there (finance
// read "take card payments, and settle refunds", which its role cannot do); on this laptop's own
// ledger, or with the role not known yet, one intro for all. In English and Arabic.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appInfo, practiceProfile, type TestTeam } from '../support/session';
import { stubMain, unchecked } from '../support/stub-main';

const main = stubMain({
  searchPayments: () => ({ ok: true, value: unchecked({ total: 0, rows: [] }) }),
  listProfiles: () => ({ ok: true, value: { profiles: [], activeId: 'practice' } }),
});
const { useSession } = await import('../../renderer/src/app/session-store');
const { useLanguage } = await import('../../renderer/src/i18n');
const { HomeScreen } = await import('../../renderer/src/features/home/home-screen');

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

function tasksOf(team: TestTeam) {
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<HomeScreen />);
  return within(screen.getByTestId('home-tasks')).getAllByRole('button').map((b) => b.textContent);
}

describe('Home\'s tasks on the team ledger', () => {
  it('finance: only finding a payment to check, no way to create one', async () => {
    expect(tasksOf({ role: 'finance' })).toEqual(['Check a payment']);
    cleanup();
    act(() => useLanguage.getState().setLanguage('ar'));
    expect(tasksOf({ role: 'finance' })).toEqual(['فحص دفعة']);
    await main.settled();
  });

  it('staff: creates payments, checks them, is not offered a refund', async () => {
    expect(tasksOf({ role: 'staff' })).toEqual(['New payment link', 'Take a card payment', 'New checkout session', 'Check a payment']);
    await main.settled();
  });

  it('support, admin, a role not known yet and this laptop\'s own ledger: every task, refund included', () => {
    const every = ['New payment link', 'Take a card payment', 'New checkout session', 'Refund or check a payment'];
    for (const team of [{ role: 'support' as const }, { role: 'admin' as const }, { role: null }, null]) {
      expect(tasksOf(team)).toEqual(every);
      cleanup();
    }
  });
});


function introOf(team: TestTeam, language: 'en' | 'ar' = 'en') {
  act(() => useLanguage.getState().setLanguage(language));
  useSession.setState({ info: appInfo(team), profile: practiceProfile() });
  render(<HomeScreen />);
  const intro = screen.getByTestId('home-intro').textContent;
  cleanup();
  return intro;
}

describe('Home\'s intro by role', () => {
  it('finance reads that it sees and exports, and that its role moves no money', () => {
    expect(introOf({ role: 'finance' })).toBe('On the team ledger you see every payment, check how it went and export them for the books. Your role moves no money: it creates no payments and does not capture, void or refund.');
    expect(introOf({ role: 'finance' }, 'ar')).toBe('في سجل الفريق ترى كل المدفوعات وتتابع ما جرى لها وتصدّرها للحسابات. دورك لا يحرّك المال: لا يُنشئ مدفوعات ولا يحصّل ولا يلغي تفويضًا ولا يسترد.');
  });

  it('support reads that it takes payments and captures, voids and refunds them', () => {
    expect(introOf({ role: 'support' })).toBe('On the team ledger you take payments (payment links, checkout sessions, card payments) and look after them afterwards: capture, void or refund when a customer asks.');
    expect(introOf({ role: 'support' }, 'ar')).toBe('في سجل الفريق تقبل المدفوعات (روابط الدفع وجلسات الدفع ومدفوعات البطاقات) وتتابعها بعد ذلك: التحصيل وإلغاء التفويض والاسترداد عندما يطلب العميل.');
  });

  it('staff reads that it creates links, sessions and card payments, and who refunds', () => {
    expect(introOf({ role: 'staff' })).toBe('On the team ledger you take payments: payment links, checkout sessions and card payments, and you check how they went. Capturing, voiding and refunding are left to a colleague in support or an admin.');
    expect(introOf({ role: 'staff' }, 'ar')).toBe('في سجل الفريق تقبل المدفوعات: روابط الدفع وجلسات الدفع ومدفوعات البطاقات، وتتابع ما جرى لها. أما التحصيل وإلغاء التفويض والاسترداد فيُجريها زميل في الدعم أو مسؤول.');
  });

  it('an admin reads that it does everything and adds the team\'s people', () => {
    expect(introOf({ role: 'admin' })).toBe('On the team ledger you can do everything: take payments, capture, void and refund them, and add the people of your team in Settings.');
    expect(introOf({ role: 'admin' }, 'ar')).toBe('في سجل الفريق يمكنك كل شيء: قبول المدفوعات وتحصيلها وإلغاء تفويضها واستردادها، وإضافة أفراد فريقك في الإعدادات.');
  });

  it('this laptop\'s own ledger and a role not known yet keep the one intro', () => {
    const one = 'Issue payment links and checkout sessions, take card payments, and settle refunds from one desk.';
    expect(introOf(null)).toBe(one);
    expect(introOf({ role: null })).toBe(one);
    expect(introOf(null, 'ar')).toBe('أنشئ روابط الدفع وجلسات الدفع، واقبل مدفوعات البطاقات، وعالج المبالغ المستردة من مكان واحد.');
  });
});
