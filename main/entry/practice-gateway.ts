// `npm run practice-gateway -- [--port N] [--state-file F] [--webhook-url U --webhook-secret S] [--extended-answers] [--persona P]`:
// the practice gateway on its own, as a local sandbox for a merchant's web developer.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { createLogger } from '../log/logger';
import { startPracticeGateway } from '../practice/embedded';
import { isPersona, personas } from '../practice/personas';

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'state-file': { type: 'string' },
      'api-key': { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      // Adds captured/refunded totals and other fields no public source shows; off by default.
      'extended-answers': { type: 'boolean' },
      // A fault persona (docs/check-up.md): some answers worded differently; off by default.
      persona: { type: 'string' },
    },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not "${values.port}"`);
  if (values.persona !== undefined && !isPersona(values.persona)) throw new Error(`--persona must be one of ${personas.join(', ')}`);
  const gateway = await startPracticeGateway({
    logger: createLogger({ echo: true }),
    port,
    stateFile: values['state-file'] ? resolve(values['state-file']) : undefined,
    apiKey: values['api-key'],
    webhookUrl: values['webhook-url'],
    webhookSecret: values['webhook-secret'],
    extendedAnswers: values['extended-answers'] ?? false,
    persona: isPersona(values.persona) ? values.persona : null,
  });
  console.log('Paydesk practice gateway (no real money moves)');
  console.log(`Base URL: ${gateway.baseUrl}`);
  console.log(`API key (X-API-KEY): ${gateway.apiKey}`);
  console.log(`Webhook secret (HMAC-SHA256, header X-Paydesk-Signature): ${gateway.webhookSecret}`);
  console.log(values['extended-answers'] ? 'Answers carry extra fields no public source shows (--extended-answers)' : 'Answers carry only the documented fields');
  if (values.persona) console.log(`Fault persona: ${values.persona} (some answers differ from the documented ones; docs/check-up.md)`);
  console.log(values['state-file'] ? `State kept in ${resolve(values['state-file'])}` : 'State kept in memory only (use --state-file to keep it)');
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`The practice gateway could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
