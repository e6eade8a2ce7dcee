// The process boundaries hold because lint refuses code that crosses them.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('lint boundaries', () => {
  it.each([
    ['renderer/src/x.ts', "import { readFileSync } from 'node:fs'; export const x = readFileSync;", 'no Node modules'],
    ['renderer/src/x.ts', "import fs from 'fs'; export const x = fs;", 'no Node modules'],
    ['renderer/src/x.ts', "import { shell } from 'electron'; export const x = shell;", 'Only main/electron/ and preload/ may import electron'],
    ['renderer/src/x.ts', "import { createApp } from '../../main/composition'; export const x = createApp;", 'only through the contract API'],
    ['contract/x.ts', "import { join } from 'node:path'; export const x = join;", 'no Node modules'],
    ['contract/x.ts', "import React from 'react'; export const x = React;", 'zod only'],
    ['main/ledger/x.ts', "import { app } from 'electron'; export const x = app;", 'Only main/electron/ and preload/ may import electron'],
    ['main/api/x.ts', 'declare const ipcMain: unknown; export const x = ipcMain;', 'ipcMain/ipcRenderer'],
    // main's layers: arrows point down (core < gateway < ledger < payments < api), SQL only in the ledger.
    ['main/ledger/x.ts', "import { checkVoid } from '../payments/rules'; export const x = checkVoid;", 'main/ledger/ may not import main/payments/'],
    ['main/payments/x.ts', "import { createHandlers } from '../api/create-handlers'; export const x = createHandlers;", 'main/payments/ may not import main/api/'],
    ['main/core/x.ts', "import { openLedgerDb } from '../ledger/database'; export const x = openLedgerDb;", 'main/core/ may not import main/ledger/'],
    ['main/gateway/x.ts', "import { createPaymentRows } from '../ledger/payment-rows'; export const x = createPaymentRows;", 'main/gateway/ may not import main/ledger/'],
    ['main/payments/x.ts', "declare const db: { prepare(sql: string): unknown }; export const x = db.prepare('SELECT 1');", 'SQL lives in main/ledger/'],
    ['main/api/x.ts', "declare const db: { exec(sql: string): unknown }; export const x = db.exec('DELETE FROM payments');", 'SQL lives in main/ledger/'],
    ['main/api/x.ts', "import { searchPayments } from '../ledger/search'; export const x = searchPayments;", 'main/api/ may not import main/ledger/'],
    ['main/practice/x.ts', "import { createGatewayClient } from '../gateway/client'; export const x = createGatewayClient;", 'may not use the client it is there to test'],
  ])('%s: refuses %s', async (file, code, expected) => {
    const messages = await messagesFor(file, code);
    expect(messages.join('\n')).toContain(expected);
  });

  it.each([
    ['main/electron/x.ts', "import { ipcMain } from 'electron'; export const x = ipcMain;"],
    ['preload/x.ts', "import { ipcRenderer } from 'electron'; export const x = ipcRenderer;"],
    ['main/ledger/x.ts', "import { join } from 'node:path'; export const x = join;"],
    ['renderer/src/x.ts', "import { events } from '../../contract/events'; export const x = events;"],
    ['main/payments/x.ts', "import { createPaymentRows } from '../ledger/payment-rows'; export const x = createPaymentRows;"],
    ['main/practice/x.ts', "import { stringifyExact } from '../gateway/exact-json'; export const x = stringifyExact;"],
  ])('%s: allows %s', async (file, code) => {
    expect(await messagesFor(file, code)).toEqual([]);
  });
});
