// The result of a link or checkout session: the address, copy, a QR code drawn locally, share
// by e-mail and WhatsApp with a message in English or Arabic, and open in the browser (Electron
// routes window.open through its external-link allow-list). The messages: share-messages.ts.
// A page on plain http at another host is not offered at all: insecure-page.tsx says why.
import { useT } from '../../i18n';
import { copyText } from '../../ui/clipboard';
import { useCopySaid } from '../../ui/copy-button';
import { QrCode } from './qr-code';
import { mailtoHref, shareMessage, whatsappHref, type Shareable } from './share-messages';
import { MessageLanguage, useMessageLanguage } from './message-language';
import { insecurePayPage } from '../../../../contract/pay-page';
import { InsecurePayPage } from './insecure-page';

export function SharePanel({ item, testId = 'share-panel' }: { item: Shareable; testId?: string }) {
  // Plain http at another host: said, never offered to send (insecure-page.tsx).
  if (insecurePayPage(item.url)) return <InsecurePayPage url={item.url} orderId={item.orderId} testId={testId} />;
  return <ShareActions item={item} testId={testId} />;
}

function ShareActions({ item, testId }: { item: Shareable; testId: string }) {
  const t = useT();
  const [language, setLanguage] = useMessageLanguage();
  // Each press said anew, and "Copied" gone after a moment, as beside an id: it stayed, and a change
  // of language said "Copied" again with nothing copied (walk18).
  const { said, say } = useCopySaid();
  const idBase = `${testId}-${item.orderId}`.replace(/[^A-Za-z0-9_-]/g, '-');

  const copy = async () => {
    if (await copyText(item.url)) return say('copied');
    // No clipboard permission: select the address so Ctrl+C copies it.
    (document.getElementById(`${idBase}-url`) as HTMLInputElement | null)?.select();
    say('refused');
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
          {/* Named by what it copies: "Copy" alone, beside the QR code, did not say what (walk18). */}
          <button type="button" onClick={() => void copy()} aria-label={t('gp.share.copyAddress')} data-testid="share-copy">{t('gp.share.copy')}</button>
          <p role="status" className="gp-status">{said && <span key={said.press}>{said.what === 'copied' ? t('gp.share.copied') : t('gp.share.copyManually')}</span>}</p>
          <MessageLanguage id={`${idBase}-lang`} value={language} onChange={setLanguage} testId="share-language" />
          <a className="gp-button-link" href={mailtoHref(item.customer.email, shareMessage(item, language))} target="_blank" rel="noopener noreferrer" data-testid="share-email">{t('gp.share.email')}</a>
          {item.customer.phone && <a className="gp-button-link" href={whatsappHref(item.customer.phone, shareMessage(item, language))} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">{t('gp.share.whatsapp')}</a>}
          <button type="button" onClick={() => window.open(item.url, '_blank', 'noopener')} data-testid="share-open">{t('gp.share.open')}</button>
        </div>
      </div>
    </div>
  );
}
