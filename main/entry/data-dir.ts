import { homedir } from 'node:os';
import { join } from 'node:path';

/** The same folder Electron's app.getPath('userData') gives Paydesk, so preview and app share data. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Paydesk');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Paydesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Paydesk');
}
