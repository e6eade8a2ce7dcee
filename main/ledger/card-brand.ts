// A card's brand in SQL, from the first six digits the ledger keeps (contract/card.ts cardBrands).
// Its own file so the overview worker's bundle takes this rule without the search module.
// money_hours (migration-13.ts) stores each payment's brand by a frozen copy of this rule: a change
// here needs a migration that sums money_hours again, or the overview's edges and hours disagree;
// on the team ledger, paydesk.card_brand (chart-sums.sql, step 34) is the same text, and its sums
// need a team step that counts them again (test/ledger/postgres/chart-sums.test.ts compares them).
export const cardBrandSql = `(CASE
  WHEN card_bin IS NULL OR card_bin = '' THEN 'none'
  WHEN substr(card_bin, 1, 1) = '4' THEN 'visa'
  WHEN substr(card_bin, 1, 2) BETWEEN '51' AND '55' OR substr(card_bin, 1, 4) BETWEEN '2221' AND '2720' THEN 'mastercard'
  WHEN substr(card_bin, 1, 2) IN ('34', '37') THEN 'amex'
  ELSE 'other' END)`;
