import type { BuildOptions } from 'esbuild';
export declare const preloadBuild: BuildOptions;
