// Payments waiting for a person (Needs attention's count) among Home's tasks, in the first screen:
// the count was only in the overview, below the fold (two and a half screens down at 600 px), and
// nothing on opening Paydesk said a refund's answer had been lost. One press opens Needs attention,
// where each is checked or settled. Nothing is drawn when none needs attention (the overview's
// figure says "Nothing needs attention").
import { useNavigation } from '../../app/navigation-store';
import { useT } from '../../i18n';
import { screenKeys } from '../../ui/shortcuts';
import { useOverview } from './overview-store';

export function AttentionTask() {
  const t = useT();
  const go = useNavigation((s) => s.go);
  const count = useOverview((s) => s.data?.needsAttention) ?? 0;
  if (count === 0) return null;
  return (
    <li>
      <button type="button" onClick={() => go('attention')} aria-keyshortcuts={screenKeys('attention')} data-testid="task-attention">{t('ov.attention.task', { count })}</button> <kbd>{screenKeys('attention')}</kbd>
    </li>
  );
}
