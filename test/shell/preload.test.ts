// The preload exposes exactly the contract's methods and subscribe(), nothing else.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { preloadBuild } from '../../scripts/build-options.mjs';
import { contextBridge, ipcRenderer, resetFakeElectron } from './fake-electron';
import { channelOf, eventChannel, methodNames, type PaydeskApi } from '../../contract/methods';

describe('preload', () => {
  let api: PaydeskApi;
  beforeAll(async () => {
    resetFakeElectron();
    await import('../../preload/preload');
    expect([...contextBridge.exposed.keys()]).toEqual(['paydesk']);
    api = contextBridge.exposed.get('paydesk') as PaydeskApi;
  });
  beforeEach(() => {
    ipcRenderer.invoked = [];
  });

  it('bundles into one file that requires only electron, as a sandboxed preload must', async () => {
    const result = await build({ ...preloadBuild, write: false, outdir: 'unused' });
    const code = result.outputFiles![0]!.text;
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('exposes one function per contract method plus subscribe, frozen', () => {
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'subscribe'].sort());
    expect(Object.isFrozen(api)).toBe(true);
    expect(api).not.toHaveProperty('invoke');
  });

  it('sends each method on its own channel with its one argument', async () => {
    ipcRenderer.invokeImpl = async () => ({ ok: true, value: { name: 'Paydesk' } });
    const result = await api.getAppInfo({});
    expect(ipcRenderer.invoked).toEqual([{ channel: channelOf('getAppInfo'), input: {} }]);
    expect(result).toEqual({ ok: true, value: { name: 'Paydesk' } });
  });

  it('turns a broken IPC channel into an error value, with no stack', async () => {
    ipcRenderer.invokeImpl = async () => {
      throw new Error("Error invoking remote method 'paydesk:getAppInfo': at /secret/path.js:1");
    };
    const result = await api.getAppInfo({});
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: expect.not.stringContaining('/secret') } });
  });

  it('delivers events until unsubscribed', () => {
    const seen: unknown[] = [];
    const unsubscribe = api.subscribe((event) => seen.push(event));
    ipcRenderer.emit(eventChannel, {}, { type: 'profiles.changed' });
    unsubscribe();
    ipcRenderer.emit(eventChannel, {}, { type: 'profiles.changed' });
    expect(seen).toEqual([{ type: 'profiles.changed' }]);
  });
});
