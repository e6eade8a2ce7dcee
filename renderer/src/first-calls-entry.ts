// index.html's first script (async, a few KiB): sends the page's first calls to main while the
// app's bundle is still on its way (api/first-calls.ts). Electron's preload gives `window.paydesk`;
// the preview's page reaches main over its loopback bridge.
import { createBridgeApi } from './api/bridge-transport';
import { sendFirstCalls } from './api/first-calls';

sendFirstCalls(window.paydesk ?? createBridgeApi());
