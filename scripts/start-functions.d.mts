import type { Plugin } from 'vite';

/** An ESTree node as Vite's parser gives it (only what the callers read). */
export interface FunctionNode {
  type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression';
  start: number;
  end: number;
  async: boolean;
  id?: { start: number; end: number; name: string } | null;
}
export interface MarkResult {
  code: string;
  listed: number;
  found: number;
  marked: number;
  skipped: number;
}

export const startFunctionsFile: URL;
export function parse(code: string): unknown;
export function functionsOf(ast: unknown): Array<{ node: FunctionNode; parent: unknown }>;
export function fingerprint(node: FunctionNode): string;
export function markStartFunctions(code: string, fingerprints: Iterable<string>): MarkResult;
export function readStartFunctions(): { functions: string[] };
export function startFunctionMarks(chunkName: string): Plugin;
export function startMarksComment(result: Pick<MarkResult, 'found' | 'listed' | 'marked'>): string;
export const startMarksPattern: RegExp;
