import type { z } from 'zod';

/** One contract method: its single object argument and its value on success. */
export type MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  readonly input: I;
  readonly output: O;
  /** One line for the READMEs and for reviewers: what the method does. */
  summary: string;
};

/**
 * A method's schemas are written as functions and built on first use, then kept: main checks a
 * method's calls with them, and building every method's schemas as main's services load (zod's
 * objects for ~80 methods) held main's start back before its first answer, while the first screen
 * needs a handful (docs/performance.md, "Cold start, seventh pass"). Schemas shared by several
 * methods are built on first use too (`shared`, below).
 */
export const method = <I extends z.ZodType, O extends z.ZodType>(spec: { summary: string; input: () => I; output: () => O }): MethodSpec<I, O> => {
  let input: I | undefined;
  let output: O | undefined;
  return {
    summary: spec.summary,
    get input() {
      return (input ??= spec.input());
    },
    get output() {
      return (output ??= spec.output());
    },
  };
};

/**
 * A schema shared by several methods (or read by main's modules), built on its first use and then
 * kept, as a method's own are: the contract's modules build no zod object as they load (main's
 * services bundle ran them all before its first answer; docs/performance.md, "Cold start, twelfth
 * pass").
 */
export const shared = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};
