// Above a long check's table, the lines it refused, each a press that brings its row into view and
// gives it the keyboard: with 40 rows and two bad ones, they were found by scrolling the table.
// A few lines are named; the rest are one press away ("and 4 more": the first of them).
import { useT } from '../../i18n';

const namedUpTo = 3;

/** The row of a file's line in the check's table (bulk-screen.tsx gives each row this id). */
export const bulkLineRowId = (line: number) => `bulk-line-${line}`;

export function showBulkLine(line: number) {
  const row = document.getElementById(bulkLineRowId(line));
  if (!row) return;
  row.focus({ preventScroll: true });
  // Centred: the rows around it stay in view, and the sticky header never covers it.
  row.scrollIntoView?.({ block: 'center' });
}

export function BulkFixLines({ lines }: { lines: number[] }) {
  const t = useT();
  if (!lines.length) return null;
  const named = lines.slice(0, namedUpTo);
  const rest = lines.slice(namedUpTo);
  return (
    <p className="bulk-fix-lines" data-testid="bulk-fix-lines">
      {t('gp.bulk.fixLines', { count: lines.length })}{' '}
      {named.map((line) => (
        <span key={line}>
          <button type="button" onClick={() => showBulkLine(line)} data-testid="bulk-fix-line">{t('gp.bulk.problemLine', { line })}</button>{' '}
        </span>
      ))}
      {rest.length > 0 && (
        <button type="button" onClick={() => showBulkLine(rest[0]!)} aria-label={t('gp.bulk.fixMoreFrom', { count: rest.length, line: rest[0]! })} data-testid="bulk-fix-more">
          {t('gp.bulk.fixMore', { count: rest.length })}
        </button>
      )}
    </p>
  );
}
