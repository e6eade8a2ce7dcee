// Run in a child process with no session bus (see keychain-unavailable.test.ts): the whole app
// as composed for real, asked to store a key. Prints what each call answered, as JSON.
import { createApp } from '../../../main/composition';

const [dataDir, key] = process.argv.slice(2);
if (!dataDir || !key) throw new Error('usage: no-keychain-child DATA_DIR KEY');
const app = await createApp({ dataDir, runtime: 'test', version: '0.0.0' });
const ctx = { transport: 'direct' as const, osUser: 'tester' };
const h = app.handlers;
const created = await h.createProfile({ name: 'Live shop', environment: 'production', baseUrl: 'https://gw.example/api/v1', defaultCurrency: 'SAR' }, ctx);
if (!created.ok) throw new Error(created.error.message);
const id = created.value.id;
const answers = {
  status: await h.getKeychainStatus({}, ctx),
  setKey: await h.setProfileKey({ id, key }, ctx),
  list: await h.listProfiles({}, ctx),
  practiceCheck: await h.testConnection({ id: 'practice' }, ctx),
  removeProfile: await h.removeProfile({ id }, ctx),
};
process.stdout.write(JSON.stringify(answers));
await app.close();
