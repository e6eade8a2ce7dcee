// docs/team-ledger.md's setup command is what an admin pastes into psql to make the team database:
// it must run every schema file Paydesk knows, in order. It once stopped at audit-export.sql
// (version 22): the admin's own "Test connection" then read "set up by an older Paydesk (schema 22;
// this Paydesk needs 25)", on a database made that minute (walk of the team ledger).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { schemaSteps } from '../../../main/ledger/postgres/security';

it('the setup command in docs/team-ledger.md runs every schema file, in order', () => {
  const doc = readFileSync(join(process.cwd(), 'docs/team-ledger.md'), 'utf8');
  const command = /psql "host=db\.example\.com user=postgres dbname=paydesk" -v ON_ERROR_STOP=1 -1 \\\n([\s\S]*?)\n\s*```/.exec(doc)?.[1];
  expect(command, 'the setup command').toBeDefined();
  const files = [...command!.matchAll(/-f main\/ledger\/postgres\/([\w-]+\.sql)/g)].map((m) => m[1]);
  expect(files).toEqual(schemaSteps.map(([, file]) => file));
});
