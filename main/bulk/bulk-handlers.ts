// The bulk-links methods of the contract, on the bulk service.
import type { Implementations } from '../api/create-handlers';
import type { BulkService } from './bulk-service';
import { templateCsv } from './bulk-rows';

type Names = 'bulkTemplate' | 'bulkPreview' | 'bulkCreateBatch' | 'bulkRun' | 'bulkCancel' | 'getBulkBatch' | 'listBulkBatches' | 'bulkErrorReport' | 'bulkLinks' | 'bulkLinksCsv';

export function bulkHandlers(deps: { bulk: BulkService }): Pick<Implementations, Names> {
  const { bulk } = deps;
  return {
    bulkTemplate: () => ({ fileName: 'paydesk-payment-links-template.csv', csv: templateCsv() }),
    async bulkPreview(input) {
      const read = await bulk.preview(input);
      const invalid = read.rows.filter((r) => Object.keys(r.errors).length > 0).length;
      return { ...read, valid: read.rows.length - invalid, invalid };
    },
    bulkCreateBatch: (input, ctx) => bulk.createBatch(input, input.fileName, ctx),
    bulkRun: (input, ctx) => bulk.start(input.batchId, ctx, input.confirm, { successUrl: input.successUrl, failureUrl: input.failureUrl }),
    bulkCancel: (input, ctx) => bulk.cancel(input.batchId, ctx),
    getBulkBatch: (input) => bulk.view(input.batchId),
    listBulkBatches: () => bulk.list(),
    bulkErrorReport: (input) => bulk.errorReport(input.batchId, input.wording),
    bulkLinks: (input) => bulk.links(input.batchId),
    bulkLinksCsv: (input, ctx) => bulk.linksCsv(input.batchId, input.wording ?? {}, ctx),
  };
}
