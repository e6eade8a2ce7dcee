// The header's language picker, worded the same in both languages: a person who reads only Arabic
// must find it in an English window (it read "Language / English" there), and one who reads only
// English in an Arabic one. Each word is its own catalog's, marked with its language for screen readers.
import { useEffect, useRef } from 'react';
import { translate, useLanguage, type Language } from '../i18n';
import { altShortcut, languageShortcut } from '../ui/shortcut-key';
import { shortcutKeys } from '../ui/shortcuts';

/** The picker's name in either language ("Language · اللغة"): what a screen reader and the tests call it. */
export const languagePickerName = `${translate('en', 'language.label')} · ${translate('ar', 'language.label')}`;

export function LanguagePicker() {
  const { language, setLanguage } = useLanguage();
  // Alt+L puts the keyboard on the language (it was ten Shift+Tabs from a screen); ↓/↑ then switch it.
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (altShortcut(event) !== languageShortcut) return;
      event.preventDefault();
      picker.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <label className="language-picker">
      <span data-testid="language-picker-label">
        <span lang="en">{translate('en', 'language.label')}</span> · <span lang="ar">{translate('ar', 'language.label')}</span>
      </span>
      {/* Shown as the navigation shows its Alt+digit: named for assistive technology, and in the tooltip. */}
      <select ref={picker} value={language} onChange={(e) => setLanguage(e.target.value as Language)} aria-keyshortcuts={shortcutKeys('language')} title={shortcutKeys('language')}>
        <option value="en" lang="en">{translate('en', 'language.en')}</option>
        <option value="ar" lang="ar">{translate('ar', 'language.ar')}</option>
      </select>
    </label>
  );
}
