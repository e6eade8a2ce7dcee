// The configuration is checked against electron-builder's own schema, plus the settings an app
// that holds keys depends on; test/shell/package.test.ts packages the app and checks the result.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import Ajv from 'ajv';

const config = parse(readFileSync('electron-builder.yml', 'utf8'));
const schema = JSON.parse(readFileSync('node_modules/app-builder-lib/scheme.json', 'utf8'));

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('the schema check catches a mistake', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate({ ...config, electronFuses: { ...config.electronFuses, runAsNod: false } })).toBe(false);
  });

  it('packages only the built output, in an asar archive, and never publishes', () => {
    expect(config.asar).toBe(true);
    expect(config.files.slice(0, 6)).toEqual(['dist/**/*', '!dist/**/*.map', '!dist/main/preview.cjs', '!dist/main/preview-app.cjs', '!dist/main/practice-gateway.cjs', 'package.json']);
    // The update feed electron-updater reads; packaging itself never uploads.
    expect(config.publish).toEqual({ provider: 'generic', url: expect.stringMatching(/^https:\/\//) });
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.main).toMatch(/^dist\//);
    expect(pkg.scripts.dist).toContain('--publish never');
  });

  it('sets the fuses an app holding keys needs', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('targets Linux (AppImage, deb), macOS (dmg) and Windows (nsis); native modules come checked from ensure-native', () => {
    expect(config.appId).toBe('com.paydesk.desktop');
    expect(config.productName).toBe('Paydesk');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.npmRebuild).toBe(false);
    expect(config.afterPack).toBe('scripts/package/after-pack.mjs');
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.dist).toMatch(/^node scripts\/ensure-native\.mjs electron && /);
  });
});
