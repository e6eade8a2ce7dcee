// An export under way: its bar, how far it is in words, and Cancel. A busy year's file of 229,149
// payments or 1,150,091 audit entries takes 7 to 11 s, and the bar alone ("Exporting" and a line
// filling) did not say how many or how far (walk17).
import type { RefObject } from 'react';
import { useT } from '../../i18n';

export function ExportProgress({ id, done, total, of, cancelButton, onCancel }: {
  id: string;
  done: number;
  total: number;
  of: 'rows' | 'entries';
  cancelButton: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <>
      <label htmlFor={id}>{t('export.progress')}</label>
      <progress id={id} max={total || 1} value={done} data-testid={id} />
      {/* Nothing until main has said how many: never "0 of 0". */}
      {total > 0 && <span className="export-count" data-testid={`${id}-count`}>{t(of === 'rows' ? 'export.progress.rows' : 'export.progress.entries', { done, total })}</span>}
      <button type="button" ref={cancelButton} onClick={onCancel}>{t('action.cancel')}</button>
    </>
  );
}
