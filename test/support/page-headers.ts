// The headers the app's own page sends to the preview (its host, its origin, the launch's token),
// for tests that call the preview's API as the page does.
import type { PreviewServer } from '../../main/bridge/preview-server';

export const pageHeaders = (server: PreviewServer) => ({
  host: `127.0.0.1:${server.port}`,
  origin: `http://127.0.0.1:${server.port}`,
  authorization: `Bearer ${server.token}`,
  'content-type': 'application/json',
});
