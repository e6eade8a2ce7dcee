// A translated sentence with a person's data inside it (a customer's name), the data isolated in
// its own <bdi> so it keeps its own direction and reads as data, not as part of the sentence.
import { Fragment, type ReactNode } from 'react';

const mark = (name: string) => `\u0000${name}\u0000`;

/** `t('x', placeholders(['customer']))`, then `withData(text, { customer: 'Reem' })`. */
export const placeholders = (names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, mark(name)]));

export function withData(text: string, data: Record<string, string>): ReactNode {
  return text.split('\u0000').map((part, i) => (i % 2 === 1 && part in data ? <bdi key={i} className="user-text">{data[part]}</bdi> : <Fragment key={i}>{part}</Fragment>));
}
