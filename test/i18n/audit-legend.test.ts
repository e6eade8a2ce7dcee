// An auditor reads the audit CSV's codes (`action`, `result`) with docs/ledger.md's legend: every
// action the app words, and every fixed result, is there with the very words the screen shows,
// so a code added to the screen without its line in the legend fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../renderer/src/i18n';
import { auditAction, auditResult, knownAuditActions } from '../../renderer/src/features/transactions/audit-words';
import { stateWords } from '../../contract/payment-states';

const legend = readFileSync(new URL('../../docs/ledger.md', import.meta.url), 'utf8').split("## The audit log's CSV, for an auditor")[1]?.split('\n## ')[0] ?? '';
const t = (key: MessageKey, values?: Record<string, string | number>) => translate('en', key, values);
const rowOf = (code: string) => legend.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));

describe("the audit CSV's legend", () => {
  it('names every action code with its words on screen (a check-up move by its prefix)', () => {
    const actions = knownAuditActions.filter((a) => !a.startsWith('checkup_') || ['checkup_started', 'checkup_finished', 'checkup_report_saved'].includes(a));
    expect(actions.length).toBeGreaterThan(30);
    for (const action of actions) expect(rowOf(action), action).toContain(`| ${auditAction(action, t)} |`);
    expect(legend).toContain('prefixed `checkup_`');
  });

  it('names every fixed result code with its words on screen', () => {
    const results = ['succeeded', 'outcome_unknown', 'sending', 'failed: declined', 'failed: error', 'exported', 'went_through', 'did_not_go_through', ...stateWords.filter((s) => !['unpaid', 'verifying'].includes(s))];
    for (const result of results) expect(rowOf(result), result).toContain(`| ${auditResult('refund', result, t)}`);
  });

  it('names every column of the audit CSV', async () => {
    const { auditHeader } = await import('../../main/ledger/export');
    for (const column of [...auditHeader, 'team_login', 'laptop', 'profile_name']) expect(legend, column).toContain(`\`${column}\``);
  });
});
