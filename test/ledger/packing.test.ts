// The ledger's packed values (migration 11) give back exactly what was written, in JS and in
// SQL alike: the audit chain's hash input depends on it.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { packId, packTime, sqlPackId, sqlPackTime, sqlUnpackId, sqlUnpackTime } from '../../main/ledger/packing';

const db = new Database(':memory:');
const roundTrip = (pack: (x: string) => string, unpack: (x: string) => string) => db.prepare(`SELECT ${unpack(`(${pack('@v')})`)} AS back, ${pack('@v')} AS packed`);

describe('packing', () => {
  it('a time from toISOString is stored as milliseconds and comes back as the same text', () => {
    const time = roundTrip(sqlPackTime, sqlUnpackTime);
    const unpackJs = db.prepare(`SELECT ${sqlUnpackTime('@v')} AS back`);
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48271) % 2147483647;
      const iso = new Date(Math.floor((seed / 2147483647) * 4102444800000)).toISOString();
      const packed = packTime(iso);
      expect(typeof packed).toBe('bigint');
      expect(time.get({ v: iso })).toEqual({ back: iso, packed: Number(packed) });
      expect(unpackJs.get({ v: packed })).toEqual({ back: iso });
    }
  });

  it('any other time text is kept as written', () => {
    const time = roundTrip(sqlPackTime, sqlUnpackTime);
    for (const text of ['2026-01-01T00:00:00Z', '2026-01-01 10:00:00', '2026-02-30T00:00:00.000Z', '1700000000000', 'yesterday', '']) {
      expect(packTime(text)).toBe(text);
      expect(time.get({ v: text })).toEqual({ back: text, packed: text });
    }
  });

  it('a lower-case UUID is stored as 16 bytes, any other id as its text', () => {
    const id = roundTrip(sqlPackId, sqlUnpackId);
    const uuid = '0193b5a2-7c1d-7abc-8def-0123456789ab';
    expect(packId(uuid)).toEqual(Buffer.from('0193b5a27c1d7abc8def0123456789ab', 'hex'));
    expect(id.get({ v: uuid })).toEqual({ back: uuid, packed: packId(uuid) });
    for (const text of ['crashed-op', '0193B5A2-7C1D-7ABC-8DEF-0123456789AB', 'op-1']) {
      expect(packId(text)).toBe(text);
      expect(id.get({ v: text })).toEqual({ back: text, packed: text });
    }
  });
});
