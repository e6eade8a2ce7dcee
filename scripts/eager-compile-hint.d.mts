import type { Plugin } from 'vite';

export const eagerCompileHintLine: string;
export function eagerCompileHint(chunkName: string): Plugin;
