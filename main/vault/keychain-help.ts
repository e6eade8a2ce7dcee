// What to tell a person when the OS keychain cannot be used: what is wrong and how to fix it
// on their operating system (the texts are the reason keychain.unavailable, in both languages).
// Keys are never stored anywhere else, so this is the only way out.
import type { AppFailure } from '../../contract/result';
import { fail } from '../core/fail';

const knownPlatforms = new Set(['linux', 'darwin', 'win32']);

export function keychainUnavailable(platform: string = process.platform, detail?: string): AppFailure {
  return fail('keychain_unavailable', 'keychain.unavailable', { os: knownPlatforms.has(platform) ? platform : 'other', detail: detail || 'none' });
}
