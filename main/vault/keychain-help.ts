// What to tell a person when the OS keychain cannot be used: what is wrong and how to fix it
// on their operating system. Keys are never stored anywhere else, so this is the only way out.

const practiceNote = 'Paydesk keeps API keys only in the keychain, never in a file or anywhere else, so nothing was stored. The practice profile keeps working meanwhile.';

const fixes: Record<string, string> = {
  linux:
    'On Linux, Paydesk uses the Secret Service: make sure GNOME Keyring (package gnome-keyring) or KWallet is installed and running, that your login keyring is unlocked (open "Passwords and Keys" or KWallet Manager), and that Paydesk was started from your desktop session so it can reach the session D-Bus.',
  darwin:
    'On macOS, Paydesk uses the Keychain: open Keychain Access, make sure the "login" keychain is unlocked, and when macOS asks whether Paydesk may use it, choose "Always Allow".',
  win32:
    'On Windows, Paydesk uses Credential Manager: sign in with your normal Windows account (not a temporary profile), make sure the "Credential Manager" service is running (services.msc), and try again.',
};

export function keychainUnavailableMessage(platform: string = process.platform, detail?: string): string {
  const fix = fixes[platform] ?? "Make sure your operating system's credential store is installed, running and unlocked.";
  const why = detail ? ` (The keychain said: ${detail}.)` : '';
  return `The system keychain cannot be used right now.${why} ${fix} ${practiceNote}`;
}
