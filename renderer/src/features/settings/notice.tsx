// A line that reports what just happened. Messages of the app are kept as keys, so they follow
// a language switch; main's messages (errors, check results) are shown as main wrote them.
import { useT, type MessageKey } from '../../i18n';

export type Notice = { kind: 'ok' | 'error'; key?: MessageKey; values?: Record<string, string | number>; text?: string };

export const said = (key: MessageKey, values?: Record<string, string | number>): Notice => ({ kind: 'ok', key, values });

export function NoticeLine({ notice, testId }: { notice?: Notice; testId: string }) {
  const t = useT();
  return (
    <p className={`notice notice-${notice?.kind ?? 'none'}`} role="status" data-testid={testId}>
      {notice ? (notice.key ? t(notice.key, notice.values) : notice.text) : null}
    </p>
  );
}
