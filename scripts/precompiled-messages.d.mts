import type { Plugin } from 'vite';
export declare function compiledMessagesJson(): Promise<string>;
export declare function messagesModuleSource(): Promise<string>;
export declare function precompiledMessages(): Plugin;
