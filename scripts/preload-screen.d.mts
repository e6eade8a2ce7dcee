import type { Plugin } from 'vite';
export declare function preloadScreen(screenFile: string): Plugin;
