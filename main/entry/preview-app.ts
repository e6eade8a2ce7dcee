// What the preview loads once it listens: main's services (composition.ts, with zod and the
// contract's schemas that check every call) and the Chromium that draws invoice PDFs. Built as a
// bundle of its own, dist/main/preview-app.cjs (scripts/build.mjs), so the preview's own small
// bundle starts, listens and prints its address without reading any of it.
import { createApp, type AppOptions, type PaydeskApp } from '../composition';
import { chromiumDocuments } from './chromium-documents';

export type PreviewApp = Pick<PaydeskApp, 'handlers' | 'events'> & { close(): Promise<void> };

export async function startPreviewApp(options: Omit<AppOptions, 'runtime' | 'renderDocument'>): Promise<PreviewApp> {
  const documents = chromiumDocuments();
  const app = await createApp({ ...options, runtime: 'preview', renderDocument: documents.render, warmFirstScreens: true });
  return {
    handlers: app.handlers,
    events: app.events,
    async close() {
      await app.close();
      await documents.close();
    },
  };
}
