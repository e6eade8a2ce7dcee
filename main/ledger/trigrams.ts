// Which of a search text's trigrams the trigram index should be asked for. The index keeps no
// positions, so it only narrows to rows holding every trigram asked for, and a LIKE on the row
// decides: asking for fewer trigrams never changes what a search finds, only how much is read.
// A trigram held by nearly every row ("PD-", "exa") filters nothing yet makes the index merge
// a million-entry list; so the rarest are asked for, each one more only while it pays.
import type { LedgerDb } from './database';
import { prepared } from './statements';
import { spellingsOf } from '../../contract/arabic-letters';

/**
 * The text's distinct trigrams: the first six at most by default, as people type from the start
 * (a date-order walk, chooseTrigrams). A lookup of the few rows holding the whole text asks for
 * all of them: the index's AND seeks through its lists (an order id's 12 trigrams: 0.5–0.9 ms at 1M).
 */
export function trigramsOf(text: string, most = 6): string[] {
  const chars = [...text];
  const grams: string[] = [];
  for (let i = 0; i + 3 <= chars.length && grams.length < most; i++) {
    const gram = chars.slice(i, i + 3).join('');
    if (!grams.includes(gram)) grams.push(gram);
  }
  return grams;
}

const quoted = (gram: string) => `"${gram.replace(/"/g, '""')}"`;
/** The index's query: every trigram, each as any of its spellings (arabic-letters.ts: «ورة» or «وره»). */
export const matchOf = (grams: string[]) =>
  grams.map((g) => spellingsOf(g)).map((spellings) => (spellings.length === 1 ? quoted(spellings[0]!) : `(${spellings.map(quoted).join(' OR ')})`)).join(' AND ');

const sample = 200;
// Walking the index, a candidate row costs about this many index entries (the row's read and
// LIKE test against one entry of a trigram's list, measured at 1M payments).
const rowCost = 10;
// Densities are statistics for the plan (like SQLite's own), not answers: kept until the
// ledger has grown by 1 in 100 rows since they were read.
type Densities = { rows: number; of: Map<string, number> };
const cache = new WeakMap<LedgerDb, Densities>();

/**
 * How many rows in each hold the trigram: the span of rowids its newest 200 hits cover (where
 * a date-order walk starts) and that of its oldest 200, averaged, since a trigram can be dense
 * in one stretch only (a counter's digits in order ids); each read from one end of its list,
 * cheap whatever its length.
 */
function densityOf(db: LedgerDb, gram: string, rows: number): number {
  let known = cache.get(db);
  if (!known || rows > known.rows * 1.01 || rows < known.rows) cache.set(db, (known = { rows, of: new Map() }));
  const hit = known.of.get(gram);
  if (hit !== undefined) return hit;
  const newest = db.prepare('SELECT count(*) AS n, min(rowid) AS lo FROM (SELECT rowid FROM payments_search WHERE payments_search MATCH ? ORDER BY rowid DESC LIMIT ?)').get(matchOf([gram]), sample) as { n: number; lo: number | null };
  let density = newest.n / Math.max(1, rows);
  if (newest.n >= sample) {
    const oldest = db.prepare('SELECT max(rowid) AS hi FROM (SELECT rowid FROM payments_search WHERE payments_search MATCH ? ORDER BY rowid ASC LIMIT ?)').get(matchOf([gram]), sample) as { hi: number };
    density = (sample / Math.max(1, rows - (newest.lo ?? 0) + 1) + sample / Math.max(1, oldest.hi)) / 2;
  }
  if (known.of.size >= 2_000) known.of.clear();
  known.of.set(gram, density);
  return density;
}

/**
 * The trigrams to ask for: the rarest, then the next rarest while the entries it adds to the
 * walk (its density) cost less than the candidate rows it would rule out (assumed independent).
 */
export function chooseTrigrams(db: LedgerDb, grams: string[]): string[] {
  if (grams.length <= 1) return grams;
  const rows = (prepared(db, 'SELECT ifnull(max(rowid), 0) AS n FROM payments').get() as { n: number }).n;
  const ranked = grams.map((gram) => ({ gram, density: densityOf(db, gram, rows) })).sort((a, b) => a.density - b.density);
  const chosen = [ranked[0]!];
  let candidates = ranked[0]!.density;
  for (const next of ranked.slice(1)) {
    if (chosen.length >= 3 || next.density >= candidates * (1 - next.density) * rowCost) break;
    chosen.push(next);
    candidates *= next.density;
  }
  return chosen.map((c) => c.gram);
}
