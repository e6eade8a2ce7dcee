// The profiles' options in a select (the header's switcher, Transactions' Profile filter), walk37:
// twenty branches of one franchise. Each option starts with its name's first letter, so the
// select's type-ahead finds it by the keys typed (an isolate at its start hid every name); names
// that read alike once shortened keep their ends, so no two options say the same.
import { describe, expect, it } from 'vitest';
import { optionLabel, shortNames } from '../../renderer/src/ui/profile-name';

describe('optionLabel', () => {
  it('starts with the name, a mark of its direction after it, then the environment isolated', () => {
    expect(optionLabel('Online shop', 'Production')).toBe('Online shop\u200e \u2068(Production)\u2069');
    expect(optionLabel('فرع جدة', 'Sandbox')).toBe('فرع جدة\u200f \u2068(Sandbox)\u2069');
    // A shortened Latin name in Arabic: its "…" stays at its end (after the mark of its last letter).
    expect(optionLabel('King Abdullah F…', 'الإنتاج')).toBe('King Abdullah F…\u200e \u2068(الإنتاج)\u2069');
  });

  it('says the environment once when the name says it', () => {
    expect(optionLabel('Sandbox shop', 'Sandbox')).toBe('Sandbox shop\u200e');
    expect(optionLabel('بيئة الاختبار', 'الاختبار')).toBe('بيئة الاختبار\u200f');
  });

  it('starts a name that starts with digits with its first letter’s mark, so it is not drawn the other way round', () => {
    expect(optionLabel('24/7 Olaya', 'الاختبار')).toBe('\u200e24/7 Olaya\u200e \u2068(الاختبار)\u2069');
    expect(optionLabel('7 العليا', 'Sandbox')).toBe('\u200f7 العليا\u200f \u2068(Sandbox)\u2069');
  });
});

describe('shortNames', () => {
  it('shortens each name to 16 letters', () => {
    expect(shortNames(['Abha', 'Khobar – Prince Turki Street, evening counter'])).toEqual(['Abha', 'Khobar – Prince…']);
  });

  it('keeps the ends of names that read alike once shortened, and never says two the same', () => {
    const names = ['Qahwa House – Riyadh – Olaya', 'Qahwa House – Riyadh – Malaz', 'Qahwa House – Jeddah', 'Qahwa House – Riyadh – Olaya 2', 'Qahwa House – Riyadh – Olaya 3'];
    const labels = shortNames(names);
    expect(new Set(labels).size).toBe(names.length);
    expect(labels.slice(0, 3)).toEqual(['Qahwa Ho…– Olaya', 'Qahwa Ho…– Malaz', 'Qahwa House – J…']);
    for (const label of labels) expect(label.startsWith('Qahwa Ho')).toBe(true); // the start typed still finds them
  });

  it('shows two names whole when start and end both read alike', () => {
    expect(shortNames(['Qahwa House – Riyadh, Olaya street', 'Qahwa House – Riyadh, Malaz street', 'Abha'])).toEqual(['Qahwa House – Riyadh, Olaya street', 'Qahwa House – Riyadh, Malaz street', 'Abha']);
  });
});
