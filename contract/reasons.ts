// Why main refused or failed something, as keys with values: main sends the key, the renderer
// words it in the user's language (contract/reasons-ar.ts has every key, the type
// checks it). These English texts are ICU MessageFormat: main also words its `message` with
// them for logs and tools. Values are plain text and numbers, never a key, a card number or a
// CVV; `state` is a payment state code and `operation` an operation kind, which each language
// words itself; money is `amountMinor` and `currency` (moneyValues, amount-words.ts), worded
// into `{amount}` as the app shows amounts in that language.
// What is wrong with a ledger file a backup or restore checked (main/maintenance/ledger-check.ts).
const ledgerProblem =
  '{problem, select, cannotOpen {it cannot be opened as a database ({code})} notLedger {it is not a Paydesk ledger} newer {it was written by a newer Paydesk (schema {schema})} integrity {SQLite’s integrity check failed} chainBroken {its audit chain is broken at entry {entry}} other {it cannot be read ({code})}}';

// A connection that failed before any answer (main/core/network-failure.ts): what happened, then
// what to check, each by its cause; the reasons add what it means there and the code, once.
const networkWhat =
  '{cause, select, dns {The server name {serverName} was not found (DNS).} refused {The server {server} refused the connection.} timedOut {The server {server} did not answer in time.} connectTimedOut {The server {server} did not answer while Paydesk was connecting to it.} reset {The connection to {server} was cut off.} noRoute {This computer has no network route to {server}.} certExpired {The certificate of {server} has expired.} certDate {The certificate of {server} is not valid on this computer’s date and time.} certUntrusted {This computer does not trust the certificate of {server}.} certName {The certificate of {server} is made out to another name.} notTls {The server {server} did not answer over HTTPS (TLS).} unsafePort {Paydesk does not connect to {server}: that port is kept for other kinds of service, and browsers refuse it too.} other {The connection to {server} failed.}}';
const networkCheck =
  '{cause, select, dns {Check the address and your network.} refused {Check the address and the port, and that the server is running.} timedOut {Check the address and your network; a firewall or VPN may be in the way.} connectTimedOut {You can safely try again; if it keeps happening, check the address and your network; a firewall or VPN may be in the way.} reset {Try again; if it keeps happening, check your network, proxy or VPN.} noRoute {Check your network connection (Wi-Fi, cable or VPN).} certExpired {Check this computer’s date and time first: a clock set ahead makes a valid certificate look expired. If they are right, check the address; if it is right too, the server’s administrator must renew its certificate.} certDate {Check this computer’s date and time, and let the computer set them automatically; if they are right, the server’s administrator must fix its certificate.} certUntrusted {Check the address; if it is right, the server’s administrator must fix its certificate.} certName {Check the address: use the name the certificate is made out to.} notTls {Check the address’s start and port: the server may take only http://, or https:// on another port.} unsafePort {Check the port in the address (the number after the colon).} other {Check the address and your network.}}';

export const reasonTexts = {
  // Amounts, as typed
  'amount.empty': 'Enter an amount.',
  // Every example is written with the currency's decimals (contract/money.ts amountExample).
  'amount.notDigits': 'Enter the amount as digits, for example {example}.',
  'amount.negative': 'Enter the amount without a sign: it must be more than zero.',
  'amount.zero': 'The amount must be more than zero.',
  'amount.noDecimals': '{currency} has no decimals.',
  'amount.tooManyDecimals': '{currency} allows at most {decimals, plural, one {# decimal} other {# decimals}}.',
  // The same, when the decimals are only zeros ("15000.00" JPY): the whole units to write (contract/money.ts wholeOfZeros).
  'amount.noDecimalsWrite': '{currency} has no decimals: write {amount}.',
  'amount.tooLarge': 'The amount is too large.',
  'amount.decimalComma': 'Use a dot for the decimals, as in {example}; a comma only separates thousands ({grouped}).',
  'amount.commaNoDecimals': '{currency} has no decimals, and a comma only separates thousands ({grouped}).',
  // "12,500" in a 3-decimal currency: grouped thousands, or a decimal comma (contract/money.ts twoReadings).
  'amount.twoReadings': '{typed} could be {whole} or {decimal} {currency}: write it without the comma, or with a dot for the decimals.',
  // "1.250" in a 3-decimal currency in a bulk file separated by semicolons (a decimal-comma spreadsheet): grouped thousands there, or a decimal point (main/bulk/bulk-rows.ts).
  'amount.dotTwoReadings': '{typed} could be {whole} or {decimal} {currency}: in a file separated by semicolons, write it without the dot, or with a comma for the decimals ({comma}).',
  // Payment forms
  'input.required': 'Fill in this field.',
  'input.controlChars': 'This field contains characters that cannot be sent.',
  'input.bidiChars': 'This field contains invisible or direction-changing characters. Type it again.',
  'input.apiKey': 'This looks like an API key. Paydesk keeps keys only in this computer’s keychain, never in a payment: type what this field asks for. A profile’s key is set in Settings.',
  'input.cardNumber': 'This looks like a card number. Paydesk never keeps card numbers: write it without the number.',
  'input.tooLong': 'Too long: at most {max} characters.',
  // A list longer than the contract allows (a hand-made call: the screens ask for less): days are named.
  'input.tooMany': '{field, select, days {At most {max} days at once.} other {Too many at once: at most {max}.}}',
  'input.orderIdChars': 'Use letters, digits and . _ - : / # only in the order reference.',
  'input.email': 'Enter an e-mail address like name@example.com.',
  'input.phone': 'Enter the phone number in international format, starting with + and the country code.',
  'input.urlMissing': 'Enter the address to send the customer to: this profile has no default yet.',
  'input.urlInvalid': 'Enter a full address starting with https://.',
  'input.urlScheme': 'The address must start with https://.',
  'input.urlCredentials': 'The address must not contain a user name or password.',
  'input.urlProduction': 'On a production profile the customer is sent to an https:// address only: this one starts with http://.',
  'input.date': 'Write the date as year-month-day, as 2026-12-31.',
  'input.expiryBeforeIssue': 'The expiry date is before the issue date.',
  // A link or checkout session whose page would be dead on arrival (main/payments/offer-dates.ts); days worded as the app writes them.
  'input.expiryPassed': 'The expiry date {expiryDay} has passed: today is {today}.',
  'input.country': 'Use the two-letter country code, like SA.',
  'input.lookupRef': 'Enter an order reference or a transaction id.',
  'input.invalid': 'Check this field.',
  'input.request': 'The request is not valid: {field}.',
  'input.unknownField': 'Paydesk does not know the field {field}.',
  'card.number': 'Check the card number.',
  'card.expiryMonth': 'Enter the expiry month as 01 to 12.',
  'card.expiryYear': 'Enter the expiry year with four digits.',
  'card.expired': 'This card has expired.',
  'card.cvv': 'Enter the 3 or 4 digit security code.',
  // Money rules
  'rule.captureState': 'Only an authorised payment can be captured; this one is {state}.',
  'rule.captureTooMuch': 'At most {amount} is left to capture.',
  'rule.voidState': 'Only an authorisation with nothing captured can be voided; this one is {state}.',
  'rule.refundState': 'Only a paid or captured payment can be refunded; this one is {state}.',
  'rule.refundTooMuch': 'At most {amount} is left to refund.',
  'rule.refundLeftNotKnown': 'Money of this payment was refunded or captured at the gateway (on its dashboard, or by another tool), and no answer says how much, so Paydesk cannot know what is left to refund and sends no refund that could be more. Look up order reference {orderId} on the gateway’s dashboard and refund there.',
  'rule.captureLeftNotKnown': 'This authorisation was captured at the gateway (on its dashboard, or by another tool), and no answer says how much, so Paydesk cannot know what is left to capture and sends no capture that could be more. Look up order reference {orderId} on the gateway’s dashboard and capture there.',
  'rule.refundReason': 'Give a reason for the refund.',
  'rule.currency': 'This payment is in {expected}; the amount must be in {expected} too, not {given}.',
  'rule.noTransaction': 'The gateway has not named this payment’s transaction yet. Check status first.',
  'rule.busyUnknown': 'The outcome of an earlier {operation} on this payment is not known yet. Check its status before doing anything else.',
  'rule.busySending': 'A {operation} on this payment is in progress. Wait for it to finish.',
  'rule.busy': 'Another operation on this payment is in progress. Wait for it to finish.',
  'rule.otherProfile': 'This payment was made on another profile. Switch to that profile to act on it.',
  // A colleague's payment on the team ledger (contract/colleague-profile.ts).
  'rule.colleagueOtherEnvironment': 'This payment was made on a colleague’s laptop with a {environment, select, production {production} other {sandbox}} profile, and the profile in use here is not one. Switch to your {environment, select, production {production} other {sandbox}} profile to act on it.',
  'rule.colleagueSeveralProfiles': 'This payment was made on a colleague’s laptop with a {environment, select, production {production} other {sandbox}} profile, and this laptop has several {environment, select, production {production} other {sandbox}} profiles, so which of them is for the same gateway account is not known. Keep only the one for that account on this laptop, or act on it from the laptop it was made on.',
  'rule.colleagueOtherEnvironmentNamed': 'This payment was made on a colleague’s laptop with the team’s profile "\u2068{profile}\u2069", and the profile in use here is not a {environment, select, production {production} other {sandbox}} one. Switch to your {environment, select, production {production} other {sandbox}} profile to act on it.',
  'rule.colleagueSeveralProfilesNamed': 'This payment was made on a colleague’s laptop with the team’s profile "\u2068{profile}\u2069", and this laptop has several {environment, select, production {production} other {sandbox}} profiles, so which of them is for the same gateway account is not known. {offered, select, yes {Add the team’s profile "\u2068{profile}\u2069" in Settings → Add profile (its API key typed on this laptop)} other {Keep only the one for that account on this laptop}}, or act on it from the laptop it was made on.',
  'rule.recurringNotEnabled': 'This payment was not made with recurring charges enabled.',
  'rule.recurringTokenPending': 'The gateway has not sent this card’s token for repeat charges yet. Check status first.',
  'rule.recurringCurrency': 'Repeat charges of this card are in {currency}.',
  'rule.repeatStopped': 'Repeat charges of this card are stopped (the customer cancelled), so nothing was charged. If the customer agreed to be charged again, first choose “Allow repeat charges again” on the payment.',
  // Said by "Stop repeat charges" when a charge's intent was recorded before the mark (new-payments.ts, repeat-stop.ts).
  'rule.repeatStoppedWhileSending': 'Repeat charges of this card are stopped, but a repeat charge of {amount} (order {orderId}) made by {person} was already being sent to the gateway at that moment{others, plural, =0 {} one { (and one more)} other { (and # more)}}: it may still go through. Open it under this card’s repeat charges and check its status; if the customer was charged, refund it.',
  'rule.settleReason': 'Say how you know, for example what the gateway’s dashboard shows.',
  'rule.settleOnlyUnknown': 'Only a capture, refund or void whose outcome is unknown can be settled by hand.',
  'rule.settleCheckFirst': 'Check the payment’s status first: settle by hand only what the gateway’s answers cannot decide.',
  'rule.orderExists': 'Order {orderId} already exists in the ledger. Use another order reference, or open the existing payment.',
  'rule.orderIdUsed': 'This order reference is already used.',
  // The ledger
  'ledger.noPayment': 'There is no such payment in the ledger.',
  'ledger.noOperation': 'This payment has no such operation.',
  'ledger.notADate': '"{value}" is not a date.',
  'ledger.amountNeedsCurrency': 'Choose a currency to filter by amount.',
  'ledger.totalTooLarge': 'A total of {currency} is too large to add up exactly; filter the list to fewer payments.',
  'ledger.cardLast4Digits': 'Type the card’s last four digits, for example 4242.',
  'ledger.lookupIncomplete': 'The gateway found it but did not say its order reference, amount or currency, so it cannot be added to the ledger.',
  'ledger.noKeyForCheck': 'The profile this payment was made on has no API key, so its status cannot be checked.',
  'challenge.unknown': 'This verification is over or unknown. Check the payment’s status.',
  // The desktop app's browser gate (main/electron/external-links.ts): a press that opened nothing is said, not silent.
  'links.notOpened': 'Paydesk did not open {host} in the browser: it opens only the payment pages the gateway gave (on https, or on this computer), e-mail and WhatsApp.',
  // The gateway: what happened, then what to do; what the gateway said comes as a quotation.
  'gateway.network': 'Could not reach the gateway. Nothing was sent. Check the connection and try again.',
  'gateway.unreachable': `${networkWhat} Nothing was sent. ${networkCheck} Details: {code}.`,
  'gateway.connectionLost': `${networkWhat} ${networkCheck} Details: {code}.`,
  'gateway.timeout': 'The gateway did not answer in time. Try again in a moment.',
  'gateway.outcome_unknown': 'The connection broke before the answer came, so the gateway may or may not have processed it. Check its status before trying again.',
  // The other two ways a money call's outcome is lost: an answer came, but a server error (a
  // sandbox behind a proxy answers an HTML 502 page), or no answer within Paydesk's time limit.
  'gateway.outcome_unknown.serverError': 'The gateway answered with a server error (HTTP {status}) instead of a result, so it may or may not have processed the request. Check its status before trying again.',
  'gateway.outcome_unknown.noAnswerInTime': 'No answer came in time, so the gateway may or may not have processed it. Check its status before trying again.',
  'gateway.key_rejected': 'The gateway refused the API key. Check the API key of this profile in Settings.',
  // Named as the key-gone sentence names them (walk23): which profile, and which key by its last four only.
  'gateway.keyRejectedOf': 'The gateway refused the API key ending {lastFour} of the profile "\u2068{profile}\u2069". Check that profile’s key in Settings (the profile’s "Replace key").',
  'gateway.hash_rejected': 'The gateway refused the request signature. Check the API key and the customer e-mail.',
  'gateway.request_rejected': 'The gateway refused the request. Correct it and try again.',
  'gateway.not_found': 'The gateway has no such order or transaction. Check the order reference or transaction id.',
  // A status check refused: nothing the person typed is wrong, and the payment's state is not changed by it.
  'gateway.statusRefused': 'The gateway refused the status check. Nothing was changed: the payment keeps the state Paydesk last knew. Check again later; if the gateway keeps refusing, its support can say why.',
  // A status check found no such order after a create whose answer was lost (a payment's last error).
  'gateway.notCreated': 'The gateway has no such order: it was not created. You can create it again.',
  'gateway.conflict': 'The gateway reports a conflict: it may already exist or already be done. Check its status.',
  'gateway.gateway_error': 'The gateway reported an error. Try again later.',
  'gateway.malformed_response': 'The gateway’s answer could not be read. Check its status before trying again.',
  'gateway.answerTooLarge': 'The gateway’s answer was larger than {limit} MB, so Paydesk did not read it. Check its status before trying again.',
  'gateway.cancelled': 'Cancelled before it was sent.',
  'gateway.redirect': 'The gateway answered with a redirect; Paydesk does not follow redirects with your key. Check the base URL.',
  'gateway.badAddress': 'The gateway address of this profile is not valid. Check it in Settings.',
  'gateway.declined': 'The gateway declined the {operation}.',
  // A capture, void or refund Paydesk checked first and the gateway still refused: the payment most
  // likely changed at the gateway (done elsewhere), so "correct it" gave the person nothing to correct.
  'gateway.operationRefused': 'The gateway refused the {operation}: the payment may have changed at the gateway (captured, refunded or voided elsewhere). Check its status now, and see on the gateway’s dashboard what is left before trying again.',
  // A repeat charge refused: the card is the saved one and the dialog has nothing to correct; what is left is another card.
  'gateway.recurringRefused': 'The gateway refused this charge of the saved card, so nothing was charged. Ask the customer for another card or another way to pay, such as a payment link.',
  // Added after any reason whose values carry `said` (redacted first): the gateway's own free text
  // (English, codes documented as "not shown"), never shown alone, always after our own sentence.
  'gateway.saidSuffix': 'The gateway said: “{said}”.',
  // Notifications (not failures of a call: things the user asked to be told)
  'notify.linkPaid': 'Payment link {orderId} was paid: {amount}.',
  'notify.refundNotProcessed': 'A refund on {orderId} failed: a status check showed the gateway did not process it.',
  'notify.refundFailed': 'A refund on {orderId} failed.',
  // A money operation whose answer was lost: told at once (in the window and the OS), not when the checks give up.
  'notify.answerLost.capture': 'Capture of {amount} on {orderId} sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.',
  'notify.answerLost.void': 'Void on {orderId} sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.',
  'notify.answerLost.refund': 'Refund of {amount} on {orderId} sent, answer not received; Paydesk is checking. It is in Needs attention until it is settled.',
  // Words main shows itself, outside the window: OS notifications, the start-up error box, titles
  'os.notificationTitle': 'Paydesk',
  'os.attentionTitle': 'Paydesk: needs attention',
  'os.startFailed': 'Paydesk could not start',
  'os.challengeTitle': '3-D Secure verification',
  // The window's menu bar (app-menu.ts); & marks the letter Alt opens it with
  'os.menuFile': '&File',
  'os.menuQuit': 'Quit Paydesk',
  'os.menuEdit': '&Edit',
  'os.menuUndo': 'Undo',
  'os.menuRedo': 'Redo',
  'os.menuCut': 'Cut',
  'os.menuCopy': 'Copy',
  'os.menuPaste': 'Paste',
  'os.menuSelectAll': 'Select all',
  'os.menuView': '&View',
  'os.menuZoomIn': 'Zoom in',
  'os.menuZoomOut': 'Zoom out',
  'os.menuZoomReset': 'Actual size',
  'os.menuFullScreen': 'Full screen',
  'os.menuWindow': '&Window',
  'os.menuMinimize': 'Minimise',
  'os.menuClose': 'Close window',
  // Inside Paydesk
  'internal.output': 'Paydesk produced an answer it cannot show. Nothing was changed by showing it; please report this.',
  'internal.unexpected': 'Something went wrong inside Paydesk. Nothing was sent; please try again.',
  // The disk full (main/core/disk-full.ts): what was and was not done, and what to do
  'disk.full': 'The disk is full: Paydesk could not record this, so nothing was sent or changed. Free some space on this computer, then try again.',
  'disk.fullAfterSending': 'This was sent to the gateway, but its answer could not be recorded: the disk is full. Whether it went through is not known yet, so do not send it again: free some space on this computer; Paydesk then checks its status with the gateway on its own, and until then Transactions shows it as Sending.',
  'forbidden.window': 'This window may not use Paydesk.',
  // Backups, restore and updates
  'maintenance.chooseFolder': 'Choose a backup folder first.',
  'maintenance.folderUnavailable': 'The backup folder {folder} is not available or cannot be written. Is the drive connected? Nothing was changed.',
  'maintenance.folderField': 'This folder is not available or cannot be written. Is the drive connected? Nothing was changed.',
  'maintenance.folderNotFull': 'Type the folder’s full path, as in the example: {folder} alone does not say where the folder is.',
  'maintenance.backupCheckFailed': `The backup copy failed its check: ${ledgerProblem}. The ledger itself was not changed.`,
  'maintenance.backupWriteFailed': 'The backup could not be written to {folder} ({code}). The ledger itself was not changed.',
  'maintenance.backupDiskFull': 'The disk holding {folder} is full: the backup was not written and left no file. Free some space there, or choose a folder on another drive, then back up again. The ledger itself was not changed.',
  'maintenance.backupGone': 'That backup is not in the backup folder any more. Nothing was changed.',
  'maintenance.restoreRefused': `The backup {name} cannot be restored: ${ledgerProblem}. Nothing was changed.`,
  'maintenance.noUpdate': 'No update has been downloaded and verified yet. Nothing was changed.',
  'maintenance.moneyInFlight': 'A payment operation is in progress. Restart when it has finished.',
  // An update check or download that failed (main/maintenance/update-failure.ts); the screen says
  // before it that nothing was installed, and keeps electron-updater's own words for support.
  'update.unreachable': `${networkWhat} ${networkCheck}`,
  'update.serverError': '{answer, select, http {The update server answered with an error ({code}).} other {The update server answered, but not with an update Paydesk can read.}} Try again later; if it keeps happening, tell support.',
  'update.checkFailed': 'The download of Paydesk {version} failed its check: it is not the file the update server described, or it is not signed by Paydesk’s publisher. It was deleted, and Paydesk downloads it again at the next check.',
  // The gateway check-up
  'checkup.noRun': 'There is no such check-up since Paydesk started.',
  'checkup.notProduction': 'The check-up runs only on sandbox and practice profiles: it moves money, and on production that money is real.',
  'checkup.running': 'A check-up is already running. Wait for it to finish or cancel it.',
  'checkup.reportWhileRunning': 'The check-up is still running: save its report when it has finished.',
  // Contract input
  'input.forbiddenKey': 'The request has a field named {field}, which Paydesk never accepts.',
  // Bulk links from a file
  'bulk.fileTooLarge': 'The file is {size} MB; at most {max} MB can be read at once (about 5,000 rows). Split it into smaller files.',
  'bulk.fileEmpty': 'The file is empty. Start from the template.',
  'bulk.notText': 'The file cannot be read as {encoding, select, utf8 {UTF-8} utf16 {UTF-16} windows1256 {Arabic (Windows-1256)} other {Western (Latin-1)}} text. Save it from the spreadsheet as “CSV UTF-8” and choose it again.',
  'bulk.chooseEncoding': 'Paydesk cannot tell how this file was saved. Choose the reading in which the names look right.',
  'bulk.missingColumns': 'The header is missing {count, plural, one {the column} other {the columns}} {columns}. Start from the template.',
  'bulk.tooManyRows': 'The file has {rows} rows; at most {max} can be sent in one batch.',
  'bulk.csvUnclosedQuote': 'Line {line}: a quoted field is not closed.',
  'bulk.csvBadQuote': 'Line {line}: a quote may only start a field; write "" inside a quoted field.',
  'bulk.csvUnreadable': 'Line {line}: this line cannot be read as CSV.',
  'bulk.replacementChar': 'This cell has a character that was lost before Paydesk read the file (shown as �). Correct it in the spreadsheet, save as “CSV UTF-8” and choose the file again.',
  'bulk.currency': 'Use a currency code Paydesk offers, like SAR.', // rows stored before bulk.currencyUnknown
  'bulk.currencyUnknown': '{code} is not a currency code Paydesk offers: write its three-letter code, as SAR, KWD or USD.',
  // A bulk file's day-first or month-first date (main/bulk/slash-dates.ts): the year-month-day to write.
  'bulk.dateOneReading': 'Write {typed} as {isoDate}: year, month, day.',
  'bulk.dateTwoReadings': '{typed} could be {dayFirst} or {monthFirst}: write the one you mean as year-month-day.',
  'bulk.amountMinorDisagrees': '{typed} {currency} is not what amount_minor says ({minor}, that is {meant} {currency}): a spreadsheet may have read the decimal point as a thousands separator. Write the amount again, and empty amount_minor when you change the amount.',
  'bulk.phoneLocal': 'Write the phone in international format, as {phone}: the gateway takes only + and the country code.',
  'bulk.orderIdRepeated': 'This order reference is also on line {line}.',
  'bulk.orderIdInLedger': 'This order reference is already in the ledger.',
  'bulk.vatRate': 'Write the VAT rate in percent (15, 5, 0) or "exempt".',
  'bulk.vatReason': 'Say why the row is zero-rated or exempt.',
  'bulk.noBatch': 'There is no such batch.',
  'bulk.otherProfile': 'This batch was made on another profile. Switch to that profile to send it.',
  'bulk.noValidRows': 'No row of this file can be sent. Correct the rows shown and choose the file again.',
  'bulk.sendFailed': 'Paydesk could not send this row.',
  // A row's error as an earlier Paydesk stored it: English words, shown as they are.
  'bulk.storedText': '{text}',
  // The team ledger: one computer sends a batch's links; the others are told who.
  'bulk.runningElsewhere': '{person} is sending the links of this batch from another computer ({laptop}) right now. Only one computer sends a batch: wait until it is done or cancelled there, then open the batch again.',
  'bulk.notAllowed': 'The team ledger does not let {person} make or send bulk payment links. Ask a Paydesk admin for the staff or support role.',
  // Profiles: `field` is name, baseUrl, path, successUrl or failureUrl
  'profile.nameRequired': 'Enter a name for the profile.',
  'profile.tooLong': '{field, select, name {The name} baseUrl {The base URL} path {The path} successUrl {The success URL} failureUrl {The failure URL} other {This field}} is too long: at most {max} characters, this has {length}.',
  'profile.controlChar': '{field, select, name {The name} baseUrl {The base URL} path {The path} successUrl {The success URL} failureUrl {The failure URL} other {This field}} contains a control character (a line break or tab?). Type it on one line.',
  'profile.invisibleChar': '{field, select, name {The name} baseUrl {The base URL} path {The path} successUrl {The success URL} failureUrl {The failure URL} other {This field}} contains an invisible formatting character. Retype it instead of pasting.',
  'profile.nameTaken': 'Another profile is already called "\u2068{profile}\u2069". Choose a name that tells them apart.',
  'profile.baseUrlRequired': 'Enter the gateway base URL, for example https://gateway.example/api/v1.',
  'profile.space': '{field, select, baseUrl {The base URL} other {The path}} contains a space. Remove it.',
  'profile.baseUrlInvalid': 'The base URL is not a valid address. It should look like https://gateway.example/api/v1.',
  'profile.baseUrlCredentials': 'The base URL contains a user name or password. Remove them: the API key is the only credential, and it is kept in the keychain.',
  'profile.baseUrlHttp': 'The base URL must start with https:// — over http the API key and payment data would travel unencrypted. {environment, select, sandbox {(http:// is allowed for a sandbox on this computer only: localhost, 127.0.0.1 or ::1.)} other {A production profile always uses https://.}}',
  'profile.baseUrlScheme': 'The base URL must be an https:// address, not {scheme}.',
  'profile.noQuery': '{field, select, baseUrl {The base URL} other {The path}} must not contain a query (?…) or a fragment (#…).',
  'profile.baseUrlVersion': 'The base URL must end in the version, /v1 (as in https://gateway.example/api/v1): copy the whole address the gateway gave you, its end included.',
  'profile.unknownOperation': '{operation} is not a gateway operation.',
  'profile.pathInvalid': 'The path for {operation} is not a valid address.',
  'profile.pathOtherServer': 'The path for {operation} points to another server; the API key is only sent to {origin}.',
  'profile.urlCredentials': 'Addresses with a user name or password are not allowed.',
  'profile.redirectInvalid': '{field, select, successUrl {The success URL} other {The failure URL}} is not a valid address. It should look like https://shop.example/paid.',
  'profile.redirectScheme': '{field, select, successUrl {The success URL} other {The failure URL}} must be an https:// address.',
  'profile.redirectProduction': '{field, select, successUrl {The success URL} other {The failure URL}} must start with https:// for a production profile.',
  'profile.redirectCredentials': '{field, select, successUrl {The success URL} other {The failure URL}} contains a user name or password. Remove them.',
  'profile.teamProfileHere': 'This laptop already has the team’s profile "\u2068{profile}\u2069". Edit that one instead of adding it again.',
  'profile.teamProfileGone': 'That profile is no longer on the team ledger’s list of {environment, select, production {production} other {sandbox}} profiles. Choose another, or add a new profile.',
  'profile.teamRenameRefused': 'The team ledger does not let {person} rename the team’s profile "\u2068{profile}\u2069": only an admin, or the person who published it, may.',
  'profile.teamRemoveRefused': 'The team ledger does not let {person} remove the team’s profile "\u2068{profile}\u2069": only an admin may.',
  'profile.teamProfileUnknown': 'That profile is not on the team ledger’s list. The list has been read again.',
  'profile.gone': 'That profile no longer exists. The list has been refreshed.',
  // "The profiles were not changed", not "Nothing was changed": said under a link just made too, when the addresses it used could not be kept (walk25).
  'profile.saveFailed': 'Paydesk could not save the profiles in {folder} ({code}). The profiles were not changed. Check that the folder is writable and the disk is not full.',
  'profile.saveDiskFull': 'The disk is full: Paydesk could not save the profiles in {folder}, so the profiles were not changed. Free some space on this computer, then try again.',
  'profile.fileUnusable': 'The profiles file {file} cannot be used: {why, select, json {it is not valid JSON} unreadable {it could not be read ({code})} content {its content is not what Paydesk wrote (at {path})} newer {a newer Paydesk wrote it (format {version}; this Paydesk reads format 1): install the newer Paydesk again to use it} other {the profile id {id} appears twice}}. Paydesk has left it untouched and will not change it. Restore it from a backup, or move it away and restart Paydesk to begin with the practice profile only (API keys stay in the system keychain).',
  'profile.testUnavailable': 'Testing the connection is not available in this build.',
  'profile.practiceAddress': 'The practice profile always uses the practice gateway on this computer; its address cannot be changed.',
  'profile.practiceRemove': 'The practice profile is built in and cannot be removed.',
  'profile.practiceKey': 'The practice profile uses the practice gateway’s own key and needs none.',
  'profile.practiceKeyRemove': 'The practice profile uses the practice gateway’s own key, which cannot be removed.',
  'profile.keyMissing': 'The profile "\u2068{profile}\u2069" has no API key yet. Set it in Settings before using this profile.',
  'profile.keyGone': 'The API key ending {lastFour} of the profile "\u2068{profile}\u2069" is no longer in this computer’s keychain, so nothing was sent. Set the key again in Settings (the profile’s "Set key").',
  'production.otherProfile': 'The confirmation was given for another profile, but the active profile is now the production profile "\u2068{profile}\u2069". Check it and confirm again.',
  'production.confirm': 'This moves real money through the production profile "\u2068{profile}\u2069". Confirm that you mean production to go ahead.',
  // API keys (never quoted: only their length)
  'key.required': 'Enter the API key.',
  'key.tooLong': 'That is {length} characters; an API key is at most {max}. Was something else pasted?',
  'key.controlChar': 'The key contains a control character (a line break or tab?). Paste only the key itself.',
  'key.space': 'The key contains a space. Paste only the key itself.',
  'key.notAscii': 'The key contains a character that is not plain ASCII (a letter with an accent, a non-Latin letter or an invisible character). API keys are Latin letters, digits and symbols: copy it again from the gateway dashboard.',
  'key.tooShort': 'That is only {length, plural, one {# character} other {# characters}}; an API key is at least {min}. Check that the whole key was copied.',
  // Test the connection
  'connection.accepted': 'The gateway answered and accepted the API key.',
  'connection.keyRejected': 'The gateway refused this API key. Check that it is the key of this environment (a sandbox key for a sandbox profile, a production key for a production profile) and that it was copied whole.',
  'connection.keyRejectedOf': 'The gateway refused the API key ending {lastFour} for the profile "\u2068{profile}\u2069". Check that it is the key of this environment (a sandbox key for a sandbox profile, a production key for a production profile) and that it was copied whole.',
  'connection.unreachable': `${networkWhat} ${networkCheck} The key itself was not checked. Details: {code}.`,
  'connection.failed': 'The gateway could not be reached. Check the base URL and your connection; the key itself was not checked.',
  'connection.notGateway': 'Something answered at that address, but not like the gateway does. Check the base URL (it ends in the version segment, such as /v1); the key itself was not checked.',
  'connection.serverError': 'The gateway reported a server error{status, select, none {} other { (HTTP {status})}}, so the key could not be checked. Try again later.',
  // The system keychain: `os` is linux, darwin, win32 or another platform
  'keychain.unavailable': 'The system keychain cannot be used right now.{detail, select, none {} other { (The keychain said: {detail}.)}} {os, select, linux {On Linux, Paydesk uses the Secret Service: make sure GNOME Keyring (package gnome-keyring) or KWallet is installed and running, that your login keyring is unlocked (open “Passwords and Keys” or KWallet Manager), and that Paydesk was started from your desktop session so it can reach the session D-Bus.} darwin {On macOS, Paydesk uses the Keychain: open Keychain Access, make sure the “login” keychain is unlocked, and when macOS asks whether Paydesk may use it, choose “Always Allow”.} win32 {On Windows, Paydesk uses Credential Manager: sign in with your normal Windows account (not a temporary profile), make sure the “Credential Manager” service is running (services.msc), and try again.} other {Make sure your operating system’s credential store is installed, running and unlocked.}} Paydesk keeps API keys only in the keychain, never in a file or anywhere else, so nothing was stored. The practice profile keeps working meanwhile.',
  // The team ledger on PostgreSQL ("Test connection", main/ledger/postgres/connection.ts)
  'teamLedger.tlsRequired': 'The team ledger at {host} is not on this computer, so Paydesk connects to it only over TLS. Turn TLS on; if the server’s certificate comes from your own certificate authority, pin it too.',
  // Named first: on Transactions or Home beside the gateway's own failures, "The connection to
  // 127.0.0.1:5432 was cut off" did not say which server was out of reach (walk14, 2026-12-01).
  'teamLedger.unreachable': `Paydesk cannot reach the team ledger. ${networkWhat} ${networkCheck} Details: {code}.`,
  'teamLedger.wrongPassword': 'The server refused the user {user} with this password. Check the user name, and that the password is its current one: the one your Paydesk admin gave you, the one you changed it to, or, if you created {user} yourself, the one you set then.',
  'teamLedger.notLetIn': 'The server at {host} does not let {user} connect to {database} from this computer: no line of its {file} lets this connection in. Whoever runs the server adds the team’s line (step 3 of “Setting one up” in {path}) and reloads it ({command}); if that is not you, ask them. That line lets in only people added to the team (“Add a person”), so check too that {user} was added.',
  'teamLedger.noPermission': 'The user {user} may not use the team ledger in {database}. Ask your Paydesk admin to add you as staff, support, finance or admin.',
  'teamLedger.noDatabase': 'There is no database called {database} on {host}. Check the database name.',
  'teamLedger.notLedger': 'The database {database} is not a Paydesk team ledger: it has no Paydesk tables. Check the database name, or ask your admin to set it up (docs/team-ledger.md).',
  'teamLedger.oldSchema': 'The team ledger in {database} was set up by an older Paydesk (schema {found}; this Paydesk needs {expected}). Ask your Paydesk admin to update it.',
  'teamLedger.oldSchemaAdmin': 'The team ledger in {database} was set up by an older Paydesk (schema {found}; this Paydesk needs {expected}). As its admin, you bring it up to date: from a copy of this Paydesk’s source, as the server’s superuser, run {command} (docs/team-ledger.md, “Upgrading”), then test the connection again.',
  'teamLedger.newerSchema': 'The team ledger in {database} was set up by a newer Paydesk (schema {found}; this Paydesk knows {expected}). Update Paydesk on this computer.',
  'teamLedger.tlsUnsupported': '{onThisComputer, select, yes {The PostgreSQL server on this computer ({host}) does not offer TLS. A connection that stays on this computer needs none: untick “Encrypt the connection (TLS)” in the team ledger settings, or turn TLS on in the server’s settings.} other {The server at {host} does not offer TLS. Turn TLS on in the server’s settings, or ask its administrator to.}}',
  'teamLedger.caMismatch': 'The server’s certificate is not signed by the certificate authority pinned in these settings ({code}). Check that this is the right server; if its certificate authority has changed, pin the new one.',
  'teamLedger.certUntrusted': 'This computer does not trust the server’s certificate ({code}). If the server uses a certificate authority of your own, pin it in these settings.',
  'teamLedger.certName': 'The server’s certificate is not made out to {host}. Use the host name the certificate names.',
  'teamLedger.notPostgres': 'Something at {server} took the connection but did not answer as a PostgreSQL server does: another program may be using that port. Check the port (PostgreSQL usually uses 5432) and the address.',
  'teamLedger.failed': 'The team ledger at {host} answered with an error Paydesk has no words for. Try again; if it keeps happening, give the details to whoever runs the server. Details: {code}.',
  // A connection cut under a query (docs/team-ledger.md, "Storage failures in words"): the server stopped or restarted, its session was ended, or the network dropped.
  'teamLedger.connectionLost': 'The connection to the team ledger at {host} was cut while Paydesk was using it: the server stopped or restarted, someone ended this session on the server, or the network dropped. Try again; if it keeps happening, check that the server is running and that this computer reaches it. Details: {code}.',
  'teamLedger.conflict': 'Another change in the team ledger, made at the same moment (most likely from another laptop), crossed this one, so the server undid this one. Look at it again, then try again. Details: {code}.',
  'teamLedger.serverFull': 'The team ledger’s server at {host} has no room for another connection right now: too many are open. Try again in a moment; if it keeps happening, ask whoever runs the server to raise its connection limit (max_connections). Details: {code}.',
  'teamLedger.timedOut': 'The team ledger’s server at {host} stopped this before it finished: it took longer than the server allows (a time limit set on the server). Try again; if it keeps happening, ask whoever runs the server. Details: {code}.',
  // `who`: the saved login's role as last tested (admin, person for the other roles, unknown): an admin created the login with its password.
  'teamLedger.noPassword': 'There is no password for {user} on {host} in this computer’s keychain yet. {who, select, admin {Type the password you set when you created {user} (step 2 of “Setting one up” in {path}), or the one you changed it to.} person {Type the first password your Paydesk admin gave you, or the one you changed it to.} other {Type its password: the first one your Paydesk admin gave you, or, if you created {user} yourself, the one you set then.}}',
  'teamLedger.copyOpenOperations': '{open, plural, one {# operation on this computer is still being sent or has an unclear outcome, so nothing was copied. Settle it in Needs attention (its outcome is known only on this computer), then copy again.} other {# operations on this computer are still being sent or have an unclear outcome, so nothing was copied. Settle them in Needs attention (their outcome is known only on this computer), then copy again.}}',
  'teamLedger.copyAdminOnly': 'Only a Paydesk admin copies a computer’s ledger into the team ledger. Log in as an admin in these settings, or ask one to do it.',
  'teamLedger.copyNoSettings': 'Save the team ledger settings with a password first, then copy.',
  'teamLedger.busySending': '{person} is already doing a {operation} on this payment in the team ledger. Wait for it to finish, then look at the payment again.',
  'teamLedger.busyUnknown': 'The outcome of the {operation} that {person} did on this payment is not known yet. Check its status before doing anything else.',
  'teamLedger.notAllowed': 'The team ledger does not let {person} do a {operation} on payments. Ask a Paydesk admin for a role that may.',
  'teamLedger.repeatStopNotAllowed': 'The team ledger does not let {person} stop or allow repeat charges: only support and admin may. Ask a Paydesk admin for the support role.',
  'teamLedger.recurringNotAllowed': 'The team ledger does not let {person} charge a saved card again: only support and admin may. Ask a Paydesk admin for the support role.',
  'teamLedger.reconnecting': 'Paydesk lost its connection to the team ledger at {host} and is reconnecting… Meanwhile other laptops’ changes may show late. A payment or refund is sent to the gateway only once the team ledger has recorded it: if it cannot be recorded, nothing is sent.',
  'teamLedger.reconnected': 'Paydesk is connected to the team ledger at {host} again.',
  // This computer's clock against a server's (main/core/clock-watch.ts); both times in this computer's zone.
  'clock.looksWrong': 'This computer’s clock looks wrong: it says {clockHere}, while {source, select, teamLedger {the team ledger’s server at {host}} other {the gateway at {host}}} says {clockThere} (both in this computer’s time zone). Home’s “Today”, payment links’ dates and the backup schedule follow this computer’s clock, and so do the times recorded in this computer’s own ledger: set its date and time in the computer’s settings, best to be set automatically. Nothing already recorded is lost.',
  'clock.rightAgain': 'This computer’s clock agrees with {source, select, teamLedger {the team ledger’s server at {host}} other {the gateway at {host}}} again. What was recorded while it was wrong keeps the times it showed then.',
  // A money move stopped before its intent was recorded (main/payments/not-sent.ts): nothing left for the gateway.
  'teamLedger.notSent': 'Nothing was sent to the gateway: the team ledger at {host} could not be reached. Try again when it is back. Details: {code}.',
  // A money move whose request left but whose answer the team ledger did not take (main/payments/not-sent.ts): never "nothing was sent".
  'teamLedger.answerNotRecorded': 'This was sent to the gateway, but its answer could not be recorded in the team ledger at {host}. Whether it went through is not known yet, so do not send it again: Paydesk checks its status with the gateway on its own once the team ledger answers; until then Transactions shows it as Sending or Outcome unknown. Details: {code}.',
  // A money move stopped before its intent was recorded, for a cause other than the server out of reach (main/payments/not-sent.ts).
  'teamLedger.notSentServer': '{cause, select, conflict {Nothing was sent to the gateway: another change in the team ledger, made at the same moment (most likely from another laptop), crossed this one twice, so the server undid it. Look at the payment again, then try again.} serverFull {Nothing was sent to the gateway: the team ledger’s server at {host} has no room for another connection right now (too many are open). Try again in a moment; if it keeps happening, ask whoever runs the server to raise its connection limit (max_connections).} timedOut {Nothing was sent to the gateway: the team ledger’s server at {host} stopped recording it before it finished (a time limit set on the server). Try again; if it keeps happening, ask whoever runs the server.} other {Nothing was sent to the gateway: the team ledger at {host} answered with an error Paydesk has no words for. Try again; if it keeps happening, give the details to whoever runs the server.}} Details: {code}.',
  'teamLedger.peopleAdminOnly': 'Only a Paydesk admin changes or removes people on the team ledger. Log in as an admin in these settings, or ask one.',
  'teamLedger.peopleSelf': 'You cannot remove yourself or change your own group: another admin does that for you. So the team is never left without an admin by mistake.',
  'teamLedger.peopleLastAdmin': '{login} is the team’s last admin: nothing was changed. Make another person an admin first.',
  'teamLedger.peopleNotFound': '{login} is not a person on the team ledger (removed already, or not one of its logins). Nothing was changed.',
  'teamLedger.addPersonOnTeam': '{login} is on the team already. To give them another group, use “Change group” in the list of people below.',
  'teamLedger.addPersonNotPerson': '{login} is a name the server uses for something else, not a person’s login. Choose another login.',
  'teamLedger.addPersonAdminOnly': 'Only a Paydesk admin adds people to the team ledger. Log in as an admin in these settings, or ask one to add {login}.',
  // "Change my password" (main/team/team-password.ts; the rule: contract/team-password-rule.ts).
  'teamLedger.passwordNoSettings': 'Save the team ledger settings first: the password changed is the one of the login saved there.',
  'teamLedger.passwordShort': 'Use at least {min, plural, one {# character} other {# characters}} for the new password.',
  'teamLedger.passwordHasLogin': 'The new password contains your login name ({login}), the first thing anyone would try. Choose another.',
  'teamLedger.passwordChars': 'The new password has a character PostgreSQL would change before keeping it (a special space, an invisible character, or a letter or digit in a compatibility form), so psql and Paydesk would read it differently. Type it without that character.',
  'teamLedger.passwordSame': 'The new password is the one you have now. Choose another.',
  'teamLedger.passwordCurrentNeeded': 'There is no password for {user} on {host} in this computer’s keychain: type your current password too.',
  'teamLedger.passwordNotSaved': 'The password of {user} is changed on the server at {host}, but this computer’s keychain did not take the new one. Paydesk keeps it until it is closed: press “Save the new password in the keychain” to try again. If Paydesk closes first, type your new password in the Password field above and save the settings: until then Paydesk cannot log in as {user}.',
  // Notes outside Settings (main/team/team-password.ts): the new password waiting for the keychain, then saved.
  'teamLedger.passwordWaitingNote': 'The new password of {user} on {host} is not in this computer’s keychain yet. In Settings (Team ledger), press “Save the new password in the keychain” before closing Paydesk.',
  'teamLedger.passwordSavedNote': 'The new password of {user} on {host} is now in this computer’s keychain.',
  'teamLedger.passwordNothingUnsaved': 'No new password is waiting to be saved (it was saved, or Paydesk was closed since). If the keychain does not have it, type your new password in the Password field above and save the settings.',
  // "Add a person"'s first password: the same rule as "Change my password" (contract/team-password-rule.ts).
  'teamLedger.sharedServer': 'This server also holds {count, plural, one {another Paydesk team ledger} other {# other Paydesk team ledgers}} ({databases}). People, groups and passwords belong to the server, not to one database: each team’s people can log in to the other’s, and a person removed or moved to another group in one is removed or moved in all of them. Keep one team ledger per PostgreSQL server ({path}, “One team database per server”).',
  'teamLedger.firstPasswordShort': 'Use at least {min, plural, one {# character} other {# characters}} for the first password.',
  'teamLedger.firstPasswordHasLogin': 'The first password contains the login ({login}), the first thing anyone would try. Choose another.',
  'teamLedger.addPersonLogin': 'A login is lower-case letters, digits and _ . @ -, starting with a letter, and not starting with pg_ or paydesk_.',
  'teamLedger.auditReadRefused': 'The team ledger does not let {person} read its audit log, so it cannot be checked or exported here. Ask a Paydesk admin for a role that may.',
  'teamLedger.exportRefused': 'The team ledger does not let {person} export its payments or its audit log. Ask a Paydesk admin for a role that may.',
  'teamLedger.detailsFixed': 'The team ledger keeps this payment’s amount, currency, description and customer as the gateway has them: they cannot change now, so nothing was sent. Make it with a new order reference.',
  // The ledger file, at start (worded in English by main for its start-up dialog)
  'storage.folderNotWritable': 'Paydesk cannot write to its data folder ({folder}). Check the folder’s permissions, or free disk space, and start Paydesk again. Nothing was changed.',
  'storage.newerLedger': 'The ledger ({file}) was written by a newer Paydesk (schema {version}; this Paydesk reads up to schema {known}), so it was not opened and nothing was changed. Install the newer Paydesk again to go on with it. To use this version instead, move the ledger file out of its folder, start Paydesk and restore a backup this version made (Settings → Backups); what was recorded after that backup stays in the file you moved.',
  'storage.notLedger': '{file} is a database, but not a Paydesk ledger. Move it away and start Paydesk again; nothing was changed.',
  'storage.damaged': 'The ledger file {file} is damaged or is not a database. Nothing was changed; restore it from a backup or move it away to start a new ledger.',
  'storage.readOnly': 'Paydesk cannot open its ledger for writing ({file}). Check the folder’s permissions and start Paydesk again. Nothing was changed.',
  'storage.openFailed': 'Paydesk could not open its ledger ({file}): {code}. Nothing was changed.',
  'storage.diskFull': 'The disk is full: Paydesk cannot open its ledger ({file}) without a little free space. Free some space on this computer and start Paydesk again. Nothing was changed.',
  // Invoices and the seller's details
  'invoice.lineDescription': 'Describe this line.',
  'invoice.lineQuantity': 'Enter a quantity above 0, with at most 3 decimals.',
  'invoice.lineRate': 'Enter the VAT rate in percent, for example 15.',
  'invoice.lineReason': 'Say why this line is zero-rated or exempt.',
  'invoice.noSeller': 'Add the seller details (legal names, VAT number) in Settings before issuing invoices.',
  'invoice.sellerField': 'Add the seller details in Settings first.',
  'invoice.currency': 'Choose a currency.',
  'invoice.totalZero': 'The invoice total must be above zero.',
  'invoice.notFound': 'There is no such invoice or credit note in the ledger.',
  'invoice.noRenderer': 'This build cannot draw PDF documents.',
  'invoice.noChromium': 'The preview draws invoice PDFs with Chromium, which could not be started from {path}. Install Debian’s chromium package or set PAYDESK_CHROMIUM.',
  'seller.vatDigits': 'The VAT registration number has 15 digits.',
  'seller.vatThrees': 'A Saudi VAT registration number starts and ends with 3.',
  'seller.nameAr': 'Enter the legal name in Arabic.',
  'seller.nameArTooLong': 'The Arabic name is too long for the invoice QR code (at most 255 bytes, about 120 letters).',
  'seller.nameEn': 'Enter the legal name in English.',
  'seller.nameEnTooLong': 'At most 200 characters.',
  'seller.crDigits': 'The commercial registration number has 10 digits.',
  'seller.address': 'Enter the address.',
  'seller.logoType': 'The logo must be a PNG or JPEG image.',
  'seller.logoSize': 'The logo is larger than 200 KB.',
  // The browser preview's own bridge (said by the renderer itself)
  'bridge.unreachable': 'The Paydesk preview cannot be reached. Is `npm run preview` still running?',
  'bridge.noToken': 'This page has no valid preview token. Open the address the preview printed.',
  'bridge.tooLarge': 'This is too large to send to Paydesk.',
  'bridge.failed': 'The Paydesk preview could not answer ({status}).',
  'teamLedger.settleNotAllowed': 'The team ledger does not let {person} settle the unclear {operation} on this payment by hand (finance moves no money). Ask someone with the support or admin role.',
  'teamLedger.refused': 'The team ledger refused this change for {person}: their role does not allow it. Ask a Paydesk admin for a role that may.',
  'teamLedger.settleCreditNote': 'The status check shows the unclear {operation} on this invoiced payment went through, but settling it issues a credit note, which the team ledger does not let {person} do (finance issues no documents). Ask someone with the support or admin role to check this payment\'s status.',
  'teamLedger.settleNotDone': 'The status check shows the unclear {operation} on this payment did not go through. Recording that lets it be sent again, so the team ledger leaves it to someone with the support or admin role, not {person} (finance moves no money). Ask them to check this payment\'s status.',
} as const;

export type ReasonKey = keyof typeof reasonTexts;
export type ReasonValues = Record<string, string | number>;
export type Reason = { key: ReasonKey; values?: ReasonValues };
