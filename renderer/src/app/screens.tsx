// The screens of the app, in navigation order. A feature adds one entry here; the frame
// draws the navigation, the shortcut and the focus handling from this list.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../i18n';
import { HomeScreen } from '../features/home/home-screen';

// Every screen but the first is its own chunk, loaded when it is opened (fast start).
const SettingsScreen = lazy(() => import('../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })));
const TransactionsScreen = lazy(() => import('../features/transactions/transactions-screen').then((m) => ({ default: m.TransactionsScreen })));
const AttentionScreen = lazy(() => import('../features/transactions/attention-screen').then((m) => ({ default: m.AttentionScreen })));
const AuditScreen = lazy(() => import('../features/transactions/audit-screen').then((m) => ({ default: m.AuditScreen })));
const LinksScreen = lazy(() => import('../features/get-paid/links-screen').then((m) => ({ default: m.LinksScreen })));
const CheckoutScreen = lazy(() => import('../features/get-paid/checkout-screen').then((m) => ({ default: m.CheckoutScreen })));
const TerminalScreen = lazy(() => import('../features/get-paid/terminal-screen').then((m) => ({ default: m.TerminalScreen })));
const BulkScreen = lazy(() => import('../features/get-paid/bulk-screen').then((m) => ({ default: m.BulkScreen })));

export type ScreenEntry = {
  id: string;
  label: MessageKey;
  component: ComponentType | LazyExoticComponent<ComponentType>;
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
