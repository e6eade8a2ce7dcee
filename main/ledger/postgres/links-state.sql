-- Team ledger schema version 27, applied after the versions before it by security.ts, or by a
-- superuser with psql in one transaction: the payment links list's State filter ("which links are
-- still unpaid?", pg-reads.ts listPaymentLinks; docs/screens-getting-paid.md). One state's links
-- newest first are one seek and a walk of the window, in the list's order (created_at, then list_seq).
SET LOCAL ROLE paydesk_owner;

CREATE INDEX payments_links_state ON paydesk.payments (state, created_at, list_seq) WHERE kind = 'link';

UPDATE paydesk.ledger_meta SET value = '27' WHERE key = 'schema_version';
RESET ROLE;
