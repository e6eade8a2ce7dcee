// The error box shown when Paydesk cannot start (a damaged ledger, an unwritable data folder),
// before any window exists: worded in the language the user last chose in the window, or the
// OS's if they never chose. A failure with a reason is worded from it; anything else keeps its
// own (English) text after the worded title.
import { app, dialog } from 'electron';
import { AppFailure } from '../../contract/result';
import { reason, reasonText, wireReasonText } from '../core/fail';
import { osLanguage, savedUiLanguage } from '../core/ui-language';

export function showStartupError(error: unknown): void {
  const language = savedUiLanguage(app.getPath('userData')) ?? osLanguage(app.getPreferredSystemLanguages());
  const title = reasonText(language, reason('os.startFailed'));
  const worded = error instanceof AppFailure && error.extra.reason ? wireReasonText(language, error.extra.reason) : undefined;
  const why = worded ?? (error instanceof Error ? error.message : String(error));
  dialog.showErrorBox(title, why);
}
