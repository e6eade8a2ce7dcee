// Letters Arabic writers put for one another when they type a name: ه for a final ة (and back), ى
// for ي (and back), and alef with or without hamza or madda (ا أ إ آ). A name kept as «نورة
// القحطاني» was not found by «نوره» or «القحطانى» (walk16). Both ledgers compare the customer's
// name with these letters folded on both sides (plain replace(): no column, no index changes), and
// ask their trigram indexes for every spelling of a trigram: they only narrow, the fold decides.

/** Each class's letters; the first is what the others fold to. */
const classes = ['هة', 'يى', 'اأإآ'] as const;
const foldTo = new Map<string, string>(classes.flatMap((letters) => [...letters].map((letter) => [letter, letters[0]] as [string, string])));
const anyFolded = new RegExp(`[${classes.join('')}]`, 'g');

/** Whether the text holds a letter written in more than one way (the name's test then folds). */
export const hasFoldedLetters = (text: string): boolean => text.search(anyFolded) !== -1; // search() ignores the g flag's lastIndex

/** The text with each such letter as its class's first: «نورة» and «نوره» both «نوره». */
export const foldArabicLetters = (text: string): string => text.replace(anyFolded, (letter) => foldTo.get(letter)!);

/** The same fold in SQL, on SQLite and PostgreSQL alike (nested replace()). */
export const foldedSql = (column: string): string =>
  [...foldTo].filter(([letter, to]) => letter !== to).reduce((sql, [letter, to]) => `replace(${sql}, '${letter}', '${to}')`, column);

/** Every spelling of a short text (a trigram: 64 at most, three alefs), each letter by its class. */
export function spellingsOf(text: string): string[] {
  let spellings = [''];
  for (const char of text) {
    const letters = [...(classes.find((c) => c.includes(char)) ?? char)];
    spellings = spellings.flatMap((start) => letters.map((letter) => start + letter));
  }
  return spellings;
}

/** A LIKE pattern's such letters as "_" (any one character): for the team ledger's trigram index, which only narrows. */
export const anySpelling = (pattern: string): string => pattern.replace(anyFolded, '_');
