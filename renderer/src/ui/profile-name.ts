// The built-in practice profile is named in the user's language; a profile the user named keeps
// the name they gave it.
import type { MessageKey } from '../i18n';

export const practiceProfileId = 'practice';

export function profileName(profile: { id: string; name: string }, t: (key: MessageKey) => string): string {
  return profile.id === practiceProfileId ? t('profile.practiceName') : profile.name;
}

/** A profile named as its environment's word (the practice profile, "Practice"): said once beside it, not twice. */
export function namedAsEnvironment(name: string, environment: string): boolean {
  return name.trim().toLocaleLowerCase() === environment.toLocaleLowerCase();
}
