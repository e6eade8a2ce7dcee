// The screens of the app, in navigation order. A feature adds one entry here; the frame
// draws the navigation, the shortcut and the focus handling from this list.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../i18n';
import { HomeScreen } from '../features/home/home-screen';
import { TransactionsScreen } from '../features/transactions/transactions-screen';
import { useTransactions } from '../features/transactions/transactions-store';
import { useNavigation } from './navigation-store';
import { firstScreenWaitsFor } from './first-screen';
import { screenShortcuts, type ScreenName } from '../ui/shortcuts';
import { standingOf, useMayCreatePayments } from '../features/settings/team-role';
import { useSession } from './session-store';

// Home and the transactions list are in the page's own files (a returning user's first screen is
// usually the list, a new user's Home asks for its first page ahead): the browser fetches two
// scripts and one stylesheet, not eight and three. Every other screen is its own chunk, fetched
// once the first screen shows (preloadScreens), so opening one later does not wait for the network.
// A screen whose code has arrived is drawn directly (screenComponent), not through React.lazy: a
// screen that suspends is revealed in React's next batch (up to 300 ms later), not when its code is in.
const arrived: Partial<Record<string, ComponentType>> = { transactions: TransactionsScreen };
function screenCode(id: string, importer: () => Promise<ComponentType>) {
  return () => importer().then((component) => {
    arrived[id] = component;
    return { default: component };
  });
}
const loaders: Record<string, () => Promise<{ default: ComponentType }>> = {
  settings: screenCode('settings', () => import('../features/settings/settings-screen').then((m) => m.SettingsScreen)),
  attention: screenCode('attention', () => import('../features/transactions/attention-screen').then((m) => m.AttentionScreen)),
  audit: screenCode('audit', () => import('../features/transactions/audit-screen').then((m) => m.AuditScreen)),
  links: screenCode('links', () => import('../features/get-paid/links-screen').then((m) => m.LinksScreen)),
  checkout: screenCode('checkout', () => import('../features/get-paid/checkout-screen').then((m) => m.CheckoutScreen)),
  terminal: screenCode('terminal', () => import('../features/get-paid/terminal-screen').then((m) => m.TerminalScreen)),
  bulk: screenCode('bulk', () => import('../features/get-paid/bulk-screen').then((m) => m.BulkScreen)),
};
const SettingsScreen = lazy(loaders.settings!);
const AttentionScreen = lazy(loaders.attention!);
const AuditScreen = lazy(loaders.audit!);
const LinksScreen = lazy(loaders.links!);
const CheckoutScreen = lazy(loaders.checkout!);
const TerminalScreen = lazy(loaders.terminal!);
const BulkScreen = lazy(loaders.bulk!);

let preloaded = false;
/** Fetches the other screens' code once the first screen is on screen (called by the frame). */
export function preloadScreens(): void {
  if (preloaded) return;
  preloaded = true;
  Object.values(loaders).forEach((load) => void load().catch(() => undefined));
}

export type ScreenEntry = {
  id: ScreenName;
  label: MessageKey;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  /** Alt + this key opens the screen (shown in the navigation's tooltip and the shortcuts help). */
  shortcut: string;
  /** Called as the screen is chosen, before its code may have arrived: starts loading its data (the promise: that data). */
  onOpen?(): Promise<unknown> | void;
  /** Its first draw words nothing through Intl (plain-format.ts), so a start on it leaves Intl's first use for later. */
  drawsWithoutIntl?: true;
  /** Only creates payments: not offered to a role that creates none (finance on the team ledger). */
  createsPayments?: true;
};

export const screens: ScreenEntry[] = [
  // Home asks for the list's first page ahead of a click (where its tasks and figures lead); the click takes it.
  { id: 'home', label: 'nav.home', component: HomeScreen, shortcut: screenShortcuts.home, onOpen: () => useTransactions.getState().askAhead() },
  { id: 'links', label: 'nav.links', component: LinksScreen, shortcut: screenShortcuts.links, createsPayments: true },
  { id: 'checkout', label: 'nav.checkout', component: CheckoutScreen, shortcut: screenShortcuts.checkout, createsPayments: true },
  { id: 'terminal', label: 'nav.terminal', component: TerminalScreen, shortcut: screenShortcuts.terminal, createsPayments: true },
  // The list's first page is asked for at the click, in parallel with the screen's chunk.
  { id: 'transactions', label: 'nav.transactions', component: TransactionsScreen, shortcut: screenShortcuts.transactions, onOpen: () => useTransactions.getState().beginVisit(), drawsWithoutIntl: true },
  { id: 'attention', label: 'nav.attention', component: AttentionScreen, shortcut: screenShortcuts.attention },
  { id: 'audit', label: 'nav.audit', component: AuditScreen, shortcut: screenShortcuts.audit },
  // Not createsPayments: finance reads its batches, their error reports and links there (read-only).
  { id: 'bulk', label: 'nav.bulk', component: BulkScreen, shortcut: screenShortcuts.bulk },
  { id: 'settings', label: 'nav.settings', component: SettingsScreen, shortcut: screenShortcuts.settings },
];

/**
 * The screens this person is offered, in navigation order: finance on the team ledger is not
 * offered the three that only create payments (walk of the team ledger: each ended at "your role
 * does not create them"). Their Alt+digit does nothing then, and the shortcuts dialog leaves them out.
 */
export function offeredScreens(mayCreatePayments: boolean): ScreenEntry[] {
  return mayCreatePayments ? screens : screens.filter((entry) => !entry.createsPayments);
}

/** offeredScreens for the session now (a key handler's). */
export const screensOfferedNow = () => offeredScreens(standingOf(useSession.getState().info).mayCreatePayments);

/** offeredScreens for a component, kept true by the session. */
export function useOfferedScreens(): ScreenEntry[] {
  return offeredScreens(useMayCreatePayments());
}

// Whichever way a screen is chosen (navigation, a shortcut, a link on another screen). Its data,
// asked for before what follows the first screen has started, is waited for as the first screen's is.
useNavigation.subscribe((state, previous) => {
  if (state.screen === previous.screen) return;
  const data = screens.find((entry) => entry.id === state.screen)?.onOpen?.();
  if (data) firstScreenWaitsFor(data);
});

// The first screen: the one last used (navigation-store.ts), or Home.
const firstScreen = screens.find((entry) => entry.id === useNavigation.getState().screen);
if (!firstScreen) useNavigation.setState({ screen: 'home' });

let firstOpened: Promise<unknown> | undefined;
let firstData: Promise<unknown> | undefined;
/**
 * Called by the page's entry (and the frame) right after it asked main for the session (which every screen needs first):
 * the first screen loads its data as a click would, and what follows the first screen waits for
 * that data as it waits for Home's overview (first-screen.ts; Home registers its own when it mounts).
 */
export function openFirstScreen(): Promise<unknown> {
  if (firstOpened) return firstOpened;
  const data = firstScreen?.onOpen?.();
  if (data) firstScreenWaitsFor(data);
  firstData = data ?? undefined;
  // A first screen with a chunk of its own (a returning user's settings, say) is fetched now,
  // while the session's calls are answered. Settles once its code is in (Home's and the list's
  // are in the page's own files).
  firstOpened = loaders[firstScreen?.id ?? '']?.().catch(() => undefined) ?? Promise.resolve();
  return firstOpened;
}

/** Whether a screen's code is here (Home's and the list's are in the page's own files). */
export function codeArrived(id: string): boolean {
  return id === 'home' || id in arrived;
}

/** What to draw for a screen: its code itself once it has arrived, else the lazy component that waits for it. */
export function screenComponent(entry: ScreenEntry): ScreenEntry['component'] {
  return arrived[entry.id] ?? entry.component;
}

/** Whether the first screen's first draw uses Intl (every screen's but the list's: Home's figures and dates, the links' dates…). */
export function firstScreenUsesIntl(): boolean {
  return !firstScreen?.drawsWithoutIntl;
}

/** The first screen's own data (the list's first page; Home's: the list's, asked ahead) once openFirstScreen has asked for it. */
export function firstScreenData(): Promise<unknown> | undefined {
  return firstData;
}
