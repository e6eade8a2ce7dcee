import type { Plugin } from 'vite';
export declare function firstScript(entryFile: string): Plugin;
