// Why main refused or failed something, as keys with values: main sends the key, the renderer
// words it in the user's language (renderer/src/i18n/reasons-ar.ts has every key, the type
// checks it). These English texts are ICU MessageFormat: main also words its `message` with
// them for logs and tools. Values are plain text and numbers, never a key, a card number or a
// CVV; `state` is a payment state code and `operation` an operation kind, which each language
// words itself.
export const reasonTexts = {
  // Amounts, as typed
  'amount.empty': 'Enter an amount.',
  'amount.notDigits': 'Enter the amount as digits, for example 125.50.',
  'amount.negative': 'Enter the amount without a sign: it must be more than zero.',
  'amount.zero': 'The amount must be more than zero.',
  'amount.noDecimals': '{currency} has no decimals.',
  'amount.tooManyDecimals': '{currency} allows at most {decimals, plural, one {# decimal} other {# decimals}}.',
  'amount.tooLarge': 'The amount is too large.',
  'amount.decimalComma': 'Use a dot for the decimals, as in {example}; a comma only separates thousands (1,234.50).',
  // Payment forms
  'input.required': 'Fill in this field.',
  'input.controlChars': 'This field contains characters that cannot be sent.',
  'input.bidiChars': 'This field contains invisible or direction-changing characters. Type it again.',
  'input.tooLong': 'Too long: at most {max} characters.',
  'input.orderIdChars': 'Use letters, digits and . _ - : / # only in the order reference.',
  'input.email': 'Enter an e-mail address like name@example.com.',
  'input.phone': 'Enter the phone number in international format, starting with + and the country code.',
  'input.urlMissing': 'Enter the address to send the customer to (or set a default in Settings).',
  'input.urlInvalid': 'Enter a full address starting with https://.',
  'input.urlScheme': 'The address must start with https://.',
  'input.urlCredentials': 'The address must not contain a user name or password.',
  'input.date': 'Enter the date as YYYY-MM-DD.',
  'input.expiryBeforeIssue': 'The expiry date is before the issue date.',
  'input.country': 'Use the two-letter country code, like SA.',
  'input.lookupRef': 'Enter an order id or a transaction id.',
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
  'rule.refundReason': 'Give a reason for the refund.',
  'rule.currency': 'This payment is in {expected}; the amount must be in {expected} too, not {given}.',
  'rule.noTransaction': 'The gateway has not named this payment’s transaction yet. Check status first.',
  'rule.busyUnknown': 'The outcome of an earlier {operation} on this payment is not known yet. Check its status before doing anything else.',
  'rule.busySending': 'A {operation} on this payment is in progress. Wait for it to finish.',
  'rule.busy': 'Another operation on this payment is in progress. Wait for it to finish.',
  'rule.otherProfile': 'This payment was made on another profile. Switch to that profile to act on it.',
  'rule.recurringNotEnabled': 'This payment was not made with recurring charges enabled.',
  'rule.recurringTokenPending': 'The gateway has not sent this card’s token for repeat charges yet. Check status first.',
  'rule.recurringCurrency': 'Repeat charges of this card are in {currency}.',
  'rule.settleReason': 'Say how you know, for example what the gateway’s dashboard shows.',
  'rule.settleOnlyUnknown': 'Only a capture, refund or void whose outcome is unknown can be settled by hand.',
  'rule.settleCheckFirst': 'Check the payment’s status first: settle by hand only what the gateway’s answers cannot decide.',
  'rule.orderExists': 'Order {orderId} already exists in the ledger. Use another order id, or open the existing payment.',
  'rule.orderIdUsed': 'This order id is already used.',
  // The ledger
  'ledger.noPayment': 'There is no such payment in the ledger.',
  'ledger.noOperation': 'This payment has no such operation.',
  'ledger.notADate': '"{value}" is not a date.',
  'ledger.amountNeedsCurrency': 'Choose a currency to filter by amount.',
  'ledger.lookupIncomplete': 'The gateway found it but did not say its order id, amount or currency, so it cannot be added to the ledger.',
  'ledger.noKeyForCheck': 'The profile this payment was made on has no API key, so its status cannot be checked.',
  'challenge.unknown': 'This verification is over or unknown. Check the payment’s status.',
  // The gateway: what happened, then what to do; what the gateway said comes as a quotation.
  'gateway.network': 'Could not reach the gateway. Nothing was sent. Check the connection and try again.',
  'gateway.timeout': 'The gateway did not answer in time. Try again in a moment.',
  'gateway.outcome_unknown': 'The connection broke before the answer came, so the gateway may or may not have processed it. Check its status before trying again.',
  'gateway.key_rejected': 'The gateway refused the API key. Check the API key of this profile in Settings.',
  'gateway.hash_rejected': 'The gateway refused the request signature. Check the API key and the customer e-mail.',
  'gateway.request_rejected': 'The gateway refused the request. Correct it and try again.',
  'gateway.not_found': 'The gateway has no such order or transaction. Check the order or transaction id.',
  'gateway.conflict': 'The gateway reports a conflict: it may already exist or already be done. Check its status.',
  'gateway.gateway_error': 'The gateway reported an error. Try again later.',
  'gateway.malformed_response': 'The gateway’s answer could not be read. Check its status before trying again.',
  'gateway.cancelled': 'Cancelled before it was sent.',
  'gateway.redirect': 'The gateway answered with a redirect; Paydesk does not follow redirects with your key. Check the base URL.',
  'gateway.badAddress': 'The gateway address of this profile is not valid. Check it in Settings.',
  'gateway.declined': 'The gateway declined the {operation}.',
  // Added after any reason whose values carry `said` (redacted first).
  'gateway.saidSuffix': 'The gateway said: “{said}”.',
  // Notifications (not failures of a call: things the user asked to be told)
  'notify.linkPaid': 'Payment link {orderId} was paid: {amount}.',
  'notify.refundNotProcessed': 'A refund on {orderId} failed: a status check showed the gateway did not process it.',
  'notify.refundFailed': 'A refund on {orderId} failed.',
  // Inside Paydesk
  'internal.output': 'Paydesk produced an answer it cannot show. Nothing was changed by showing it; please report this.',
  'internal.unexpected': 'Something went wrong inside Paydesk. Nothing was sent; please try again.',
  'forbidden.window': 'This window may not use Paydesk.',
  // Backups, restore and updates
  'maintenance.chooseFolder': 'Choose a backup folder first.',
  'maintenance.folderUnavailable': 'The backup folder {folder} is not available or cannot be written. Is the drive connected? Nothing was changed.',
  'maintenance.folderField': 'This folder is not available or cannot be written.',
  'maintenance.backupCheckFailed': 'The backup copy failed its check: {problem}. The ledger itself was not changed.',
  'maintenance.backupWriteFailed': 'The backup could not be written to {folder} ({code}). The ledger itself was not changed.',
  'maintenance.backupGone': 'That backup is not in the backup folder any more. Nothing was changed.',
  'maintenance.restoreRefused': 'The backup {name} cannot be restored: {problem}. Nothing was changed.',
  'maintenance.noUpdate': 'No update has been downloaded and verified yet. Nothing was changed.',
  'maintenance.moneyInFlight': 'A payment operation is in progress. Restart when it has finished.',
  // The gateway check-up
  'checkup.noRun': 'There is no such check-up since Paydesk started.',
  'checkup.notProduction': 'The check-up runs only on sandbox and practice profiles: it moves money, and on production that money is real.',
  'checkup.running': 'A check-up is already running. Wait for it to finish or cancel it.',
  'checkup.reportWhileRunning': 'The check-up is still running: save its report when it has finished.',
  // The browser preview's own bridge (said by the renderer itself)
  'bridge.unreachable': 'The Paydesk preview cannot be reached. Is `npm run preview` still running?',
  'bridge.noToken': 'This page has no valid preview token. Open the address the preview printed.',
  'bridge.tooLarge': 'This is too large to send to Paydesk.',
  'bridge.failed': 'The Paydesk preview could not answer ({status}).',
} as const;

export type ReasonKey = keyof typeof reasonTexts;
export type ReasonValues = Record<string, string | number>;
export type Reason = { key: ReasonKey; values?: ReasonValues };
