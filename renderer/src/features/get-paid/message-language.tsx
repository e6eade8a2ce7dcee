// The language a message to the customer is worded in (the app's until chosen beside its buttons)
// (the share panel's payment request, the receipt panel's receipt, a bulk batch's links CSV). A file of its own: the receipt
// panel is in the first screen's code (a payment's detail), the share panel and its QR code are not.
import { useState } from 'react';
import { useLanguage, useT, type Language } from '../../i18n';

/**
 * The customers' messages' language: the app's, following it when the person switches the app's,
 * until they choose one here; their choice is then kept. It was set from the app's when the screen
 * opened, so switching the app to Arabic on Bulk links left the customers' messages in English.
 */
export function useMessageLanguage(): [Language, (language: Language) => void] {
  const appLanguage = useLanguage((s) => s.language);
  const [chosen, choose] = useState<Language>();
  return [chosen ?? appLanguage, choose];
}

/** `label`: the bulk screen's names what the choice is for ("Language of the customers' messages"). */
export function MessageLanguage({ id, label, value, onChange, testId }: { id: string; label?: string; value: Language; onChange(language: Language): void; testId: string }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? t('gp.share.language')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Language)} data-testid={testId}>
        <option value="en" lang="en">English</option>
        <option value="ar" lang="ar">العربية</option>
      </select>
    </div>
  );
}
