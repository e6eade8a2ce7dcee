// A button that takes a person from another screen's advice ("add the seller details", "check the
// API key", Home's "Add your gateway sandbox account") to the place in Settings it names, in one
// press: the section's heading, the active profile's key form or the new profile's form open with
// the keyboard in it (settings-screen.tsx reads the params).
import type { ReactNode } from 'react';
import { useNavigation } from '../../app/navigation-store';

/** `back`: the screen whose form it was followed from, offered again once the section is saved (seller-form.tsx). */
/** `teamProfile`: with 'new', the team's profile chosen in the new profile's form (a payment detail's "Add … in Settings"). */
export type SettingsPlace = { section: 'seller-title' | 'team-title' | 'backups-title'; back?: 'links' } | { open: 'key' } | { open: 'new'; teamProfile?: string };

/** The forms it is followed from keep what was typed on their own (get-paid/kept-drafts.ts). */
export function SettingsLink({ to, children, testId }: { to: SettingsPlace; children: ReactNode; testId?: string }) {
  const go = useNavigation((s) => s.go);
  return <button type="button" className="link-button" onClick={() => go('settings', to)} data-testid={testId}>{children}</button>;
}
