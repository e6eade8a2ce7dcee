// The result of a link or checkout session: the address, copy, a QR code drawn locally, share
// by e-mail and WhatsApp with a message in English or Arabic, and open in the browser (Electron
// routes window.open through its external-link allow-list).
import { useState } from 'react';
import type { CurrencyCode } from '../../../../contract/money';
import { translate, useLanguage, useT, type Language } from '../../i18n';
import { formatAmount } from '../../i18n/format';
import { QrCode } from './qr-code';

export type Shareable = { url: string; orderId: string; amountMinor: number; currency: CurrencyCode; description?: string | null; customer: { name: string | null; email: string | null; phone: string | null }; invoiceNumber?: string | null };

export function shareMessage(item: Shareable, language: Language): { subject: string; body: string } {
  const values = { name: item.customer.name ?? '', amount: formatAmount(item.amountMinor, item.currency, language), orderId: item.orderId, url: item.url, description: item.description ?? item.orderId, number: item.invoiceNumber ?? '' };
  // An invoiced link names its invoice number, so the customer (and their accountant) can match the PDF.
  if (item.invoiceNumber) return { subject: translate(language, 'inv.share.subject', values), body: translate(language, item.customer.name ? 'inv.share.body' : 'inv.share.bodyNoName', values) };
  return { subject: translate(language, 'gp.share.subject', values), body: translate(language, item.customer.name ? 'gp.share.body' : 'gp.share.bodyNoName', values) };
}

export const mailtoHref = (item: Shareable, language: Language) => {
  const { subject, body } = shareMessage(item, language);
  return `mailto:${encodeURIComponent(item.customer.email ?? '')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};
export const whatsappHref = (item: Shareable, language: Language) => {
  const phone = (item.customer.phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${phone}?text=${encodeURIComponent(shareMessage(item, language).body)}`;
};

export function SharePanel({ item, testId = 'share-panel' }: { item: Shareable; testId?: string }) {
  const t = useT();
  const uiLanguage = useLanguage((s) => s.language);
  const [language, setLanguage] = useState<Language>(uiLanguage);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const idBase = `${testId}-${item.orderId}`.replace(/[^A-Za-z0-9_-]/g, '-');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.url);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the address so Ctrl+C copies it.
      (document.getElementById(`${idBase}-url`) as HTMLInputElement | null)?.select();
      setCopied('no');
    }
  };

  return (
    <div className="gp-share" data-testid={testId}>
      <div className="field">
        <label htmlFor={`${idBase}-url`}>{t('gp.share.link')}</label>
        <input id={`${idBase}-url`} className="mono gp-url" dir="ltr" readOnly value={item.url} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="gp-share-body">
        <QrCode text={item.url} label={t('gp.share.qr', { orderId: item.orderId })} />
        <div className="gp-share-actions">
          <button type="button" onClick={() => void copy()} data-testid="share-copy">{t('gp.share.copy')}</button>
          <p role="status" className="gp-status">{copied === 'yes' ? t('gp.share.copied') : copied === 'no' ? t('gp.share.copyManually') : ''}</p>
          <div className="field">
            <label htmlFor={`${idBase}-lang`}>{t('gp.share.language')}</label>
            <select id={`${idBase}-lang`} value={language} onChange={(e) => setLanguage(e.target.value as Language)} data-testid="share-language">
              <option value="en" lang="en">English</option>
              <option value="ar" lang="ar">العربية</option>
            </select>
          </div>
          <a className="gp-button-link" href={mailtoHref(item, language)} target="_blank" rel="noopener noreferrer" data-testid="share-email">{t('gp.share.email')}</a>
          {item.customer.phone && <a className="gp-button-link" href={whatsappHref(item, language)} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">{t('gp.share.whatsapp')}</a>}
          <button type="button" onClick={() => window.open(item.url, '_blank', 'noopener')} data-testid="share-open">{t('gp.share.open')}</button>
        </div>
      </div>
    </div>
  );
}
