import type { z } from 'zod';

/** One contract method: its single object argument and its value on success. */
export type MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  input: I;
  output: O;
  /** One line for the READMEs and for reviewers: what the method does. */
  summary: string;
};

export const method = <I extends z.ZodType, O extends z.ZodType>(spec: MethodSpec<I, O>) => spec;
