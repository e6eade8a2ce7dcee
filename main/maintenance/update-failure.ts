// Why an update check or download failed, as a reason the screen words in the window's language
// (docs/maintenance.md, "Updates"): no connection to the update server (said as every failed
// connection is, main/core/network-failure.ts), the server answered with an error or with
// something that is not an update, or the download failed its check. electron-updater's own text
// stays the detail for support and the log; a failure none of these fit has no reason (the screen
// then says only that the check or download failed).
import type { Reason } from '../../contract/reasons';
import { reason } from '../core/fail';
import { networkCodeOf, networkValues } from '../core/network-failure';

/** The update feed's server: its name (what DNS looks up) and address (with a port, if any). */
export type UpdateServer = { name: string; address: string };

/** electron-updater's codes for an answer from the update server it cannot use as an update. */
const unusableAnswer = new Set([
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND', 'ERR_UPDATER_INVALID_UPDATE_INFO', 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_NO_PUBLISHED_VERSIONS', 'ERR_UPDATER_NO_FILES_PROVIDED', 'ERR_UPDATER_NO_CHECKSUM', 'ERR_UPDATER_INVALID_VERSION',
  'ERR_UPDATER_ASSET_NOT_FOUND', 'ERR_UPDATER_RELEASE_NOT_FOUND', 'ERR_UPDATER_INVALID_RELEASE_FEED', 'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
]);
/** A download that is not the file the feed described (sha512), or not signed by the publisher (Windows). */
const failedCheck = new Set(['ERR_CHECKSUM_MISMATCH', 'ERR_UPDATER_INVALID_SIGNATURE']);

/** builder-util-runtime's own words for a time-out and a cut answer, which have no code. */
const ownNetworkFailure: Record<string, string | undefined> = { 'Request timed out': 'ETIMEDOUT', 'Request has been aborted by the server': 'ECONNRESET' };

export function updateFailureReason(error: unknown, context: { server?: UpdateServer; version: string | null }): Reason | null {
  const { code, statusCode, message } = (error && typeof error === 'object' ? error : {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  // macOS's updater (Squirrel) refuses a download whose code signature does not match, in words only.
  if ((typeof code === 'string' && failedCheck.has(code)) || /did not pass validation/.test(text)) {
    return reason('update.checkFailed', { version: context.version ?? '' });
  }
  // An HTTP error carries its status; a missing feed file (404) is wrapped with the status in its words.
  const status = typeof statusCode === 'number' ? statusCode : Number(/HttpError: (\d{3})/.exec(text)?.[1] ?? NaN);
  if (Number.isInteger(status) && status >= 400) return reason('update.serverError', { answer: 'http', code: `HTTP ${status}` });
  if (typeof code === 'string' && unusableAnswer.has(code)) return reason('update.serverError', { answer: 'unusable' });
  const network = networkCodeOf(error) ?? ownNetworkFailure[text];
  return network && context.server ? reason('update.unreachable', networkValues(network, context.server)) : null;
}
