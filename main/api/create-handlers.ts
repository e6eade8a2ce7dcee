// Turns the service implementations into contract handlers: every input is parsed against
// the contract before any service runs, every output is parsed on the way out (which also
// strips fields the contract does not list), and every failure becomes an error value.
import type { z } from 'zod';
import { methods, methodNames, type MethodName, type MethodOutput, type Methods } from '../../contract/methods';
import { AppFailure, err, ok, type Result } from '../../contract/result';
import type { Logger } from '../log/logger';

import type { CallContext } from '../core/call-context';

export type { CallContext };

export type Implementations = {
  [M in MethodName]: (
    input: z.output<Methods[M]['input']>,
    ctx: CallContext,
  ) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

export type Handlers = {
  [M in MethodName]: (input: unknown, ctx: CallContext) => Promise<Result<MethodOutput<M>>>;
};

export function createHandlers(impl: Implementations, logger: Logger): Handlers {
  const handlers = {} as Record<MethodName, (input: unknown, ctx: CallContext) => Promise<Result<unknown>>>;
  for (const name of methodNames) {
    const spec = methods[name];
    const run = impl[name] as (input: unknown, ctx: CallContext) => unknown;
    handlers[name] = async (input, ctx) => {
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) return invalidInput(parsed.error);
      try {
        const value = await run(parsed.data, ctx);
        const checked = spec.output.safeParse(value);
        if (!checked.success) {
          logger.error(`${name}: output does not match the contract`, { issues: checked.error.issues.length });
          return err('internal', 'Paydesk produced an answer it cannot show. Nothing was changed by showing it; please report this.');
        }
        return ok(checked.data);
      } catch (e) {
        if (e instanceof AppFailure) return { ok: false, error: e.toError() };
        // Only the method name and the error's class go to the log: messages may quote input.
        logger.error(`${name} failed unexpectedly`, { error: e instanceof Error ? e.name : typeof e });
        return err('internal', 'Something went wrong inside Paydesk. Nothing was sent; please try again.');
      }
    };
  }
  return handlers as Handlers;
}

function invalidInput(error: z.ZodError): Result<never> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first ? `Check ${first[0] === '_' ? 'the request' : first[0]}: ${first[1]}` : 'The request is not valid.';
  return err('invalid_input', message, { fields });
}
