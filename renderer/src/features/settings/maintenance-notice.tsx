// A notice line for the maintenance sections: the outcome in the user's language and, for a
// failure, main's own words as details (what support needs).
import { useT } from '../../i18n';
import { NoticeLine, type Notice } from './notice';

export type MaintenanceNotice = Notice & { detail?: string };

export function MaintenanceNoticeLine({ notice, testId }: { notice?: MaintenanceNotice; testId: string }) {
  const t = useT();
  return (
    <>
      <NoticeLine notice={notice} testId={testId} />
      {notice?.detail && <p className="field-hint" data-testid={`${testId}-detail`}>{t('maint.detail', { message: notice.detail })}</p>}
    </>
  );
}
