// A button that takes a person from another screen's advice ("add the seller details", "check the
// API key") to the place in Settings it names, in one press: the section's heading, or the active
// profile's key form open with the keyboard in it (settings-screen.tsx reads the params).
import type { ReactNode } from 'react';
import { useNavigation } from '../../app/navigation-store';

export type SettingsPlace = { section: 'seller-title' | 'team-title' | 'backups-title' } | { open: 'key' };

export function SettingsLink({ to, children, testId }: { to: SettingsPlace; children: ReactNode; testId?: string }) {
  const go = useNavigation((s) => s.go);
  return <button type="button" className="link-button" onClick={() => go('settings', to)} data-testid={testId}>{children}</button>;
}
