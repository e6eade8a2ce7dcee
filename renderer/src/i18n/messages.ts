// Every text the page words, compiled (compile.ts): the screens' catalog and main's reasons, in
// English and Arabic. The renderer's build replaces this module with the same table computed at
// build time (scripts/precompiled-messages.mjs, vite.config.ts), so the page ships neither the
// catalogs' source texts nor the ICU parser; unbuilt (the tests) it compiles them here.
import { reasonTexts, type ReasonKey } from '../../../contract/reasons';
import { reasonsAr } from '../../../contract/reasons-ar';
import { compileCatalog } from './compile';
import { messageLocales, type CompiledMessage } from './compiled-message';
import { ar } from './ar';
import { en, type MessageKey } from './en';

export type CompiledMessages = {
  screens: Record<'en' | 'ar', Record<MessageKey, CompiledMessage>>;
  reasons: Record<'en' | 'ar', Record<ReasonKey, CompiledMessage>>;
};

export const messages: CompiledMessages = {
  screens: { en: compileCatalog(en, messageLocales.en), ar: compileCatalog(ar, messageLocales.ar) },
  reasons: { en: compileCatalog(reasonTexts, messageLocales.en), ar: compileCatalog(reasonsAr, messageLocales.ar) },
};
