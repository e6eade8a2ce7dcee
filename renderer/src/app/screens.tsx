// The screens of the app, in navigation order. A feature adds one entry here; the frame
// draws the navigation, the shortcut and the focus handling from this list.
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n';
import { HomeScreen } from '../features/home/home-screen';
import { SettingsScreen } from '../features/settings/settings-screen';
import { TransactionsScreen } from '../features/transactions/transactions-screen';
import { AttentionScreen } from '../features/transactions/attention-screen';
import { AuditScreen } from '../features/transactions/audit-screen';
import { LinksScreen } from '../features/get-paid/links-screen';
import { CheckoutScreen } from '../features/get-paid/checkout-screen';
import { TerminalScreen } from '../features/get-paid/terminal-screen';
import { BulkScreen } from '../features/get-paid/bulk-screen';

export type ScreenEntry = {
  id: string;
  label: MessageKey;
  component: ComponentType;
  /** Alt + this key opens the screen (shown in the navigation's tooltip). */
  shortcut?: string;
};

export const screens: ScreenEntry[] = [
  { id: 'home', label: 'nav.home', component: HomeScreen, shortcut: '1' },
  { id: 'links', label: 'nav.links', component: LinksScreen, shortcut: '2' },
  { id: 'checkout', label: 'nav.checkout', component: CheckoutScreen, shortcut: '3' },
  { id: 'terminal', label: 'nav.terminal', component: TerminalScreen, shortcut: '4' },
  { id: 'transactions', label: 'nav.transactions', component: TransactionsScreen, shortcut: '5' },
  { id: 'attention', label: 'nav.attention', component: AttentionScreen, shortcut: '6' },
  { id: 'audit', label: 'nav.audit', component: AuditScreen, shortcut: '7' },
  { id: 'bulk', label: 'nav.bulk', component: BulkScreen, shortcut: '8' },
  { id: 'settings', label: 'nav.settings', component: SettingsScreen, shortcut: '9' },
];
