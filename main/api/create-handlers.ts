// Turns the service implementations into contract handlers: every input is parsed against
// the contract before any service runs, every output is parsed on the way out (which also
// strips fields the contract does not list), and every failure becomes an error value.
import type { z } from 'zod';
import { methods, methodNames, type MethodName, type MethodOutput, type Methods } from '../../contract/methods';
import type { Reason } from '../../contract/reasons';
import { AppFailure, ok, type Result } from '../../contract/result';
import { fail, failField, fieldFailure, reason } from '../core/fail';
import { forbiddenKeyPath } from '../core/forbidden-keys';
import { isDiskFull } from '../core/disk-full';
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
      const forbidden = forbiddenKeyPath(input);
      if (forbidden) return { ok: false, error: failField('invalid_input', forbidden.map(shortName).join('.'), 'input.forbiddenKey', { field: forbidden.at(-1)! }).toError() };
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) return invalidInput(parsed.error);
      try {
        const value = await run(parsed.data, ctx);
        const checked = spec.output.safeParse(value);
        if (!checked.success) {
          logger.error(`${name}: output does not match the contract`, { issues: checked.error.issues.length });
          return { ok: false, error: fail('internal', 'internal.output').toError() };
        }
        return ok(checked.data);
      } catch (e) {
        if (e instanceof AppFailure) return { ok: false, error: e.toError() };
        // A write refused for room: the person can free space and try again, so it is said (money
        // moves record their intent first, so a refusal there means nothing was sent: not-sent.ts).
        if (isDiskFull(e)) return { ok: false, error: fail('storage', 'disk.full').toError() };
        // Only the method name and the error's class go to the log: messages may quote input.
        logger.error(`${name} failed unexpectedly`, { error: e instanceof Error ? e.name : typeof e });
        return { ok: false, error: fail('internal', 'internal.unexpected').toError() };
      }
    };
  }
  return handlers as Handlers;
}

/** A name from the input, cut short: an error never echoes a huge key back. */
const shortName = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

function invalidInput(error: z.ZodError): Result<never> {
  const reasons: Record<string, Reason> = {};
  for (const issue of error.issues) {
    const path = issue.path.map((part) => shortName(String(part))).join('.') || '_';
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue as { keys?: string[] }).keys ?? [];
      reasons[path === '_' ? '_' : path] ??= reason('input.unknownField', { field: keys.slice(0, 3).map(shortName).join(', ') });
    } else if (issue.code === 'too_big' && issue.origin === 'array') {
      // A list, not a text: "at most 400 characters" for 401 days was wrong.
      reasons[path] ??= reason('input.tooMany', { field: String(issue.path.at(-1) ?? ''), max: Number(issue.maximum) });
    } else if (issue.code === 'too_big' && typeof (issue as { maximum?: unknown }).maximum === 'number') {
      reasons[path] ??= reason('input.tooLong', { max: Number((issue as { maximum: number }).maximum) });
    } else {
      reasons[path] ??= reason('input.invalid');
    }
  }
  const failure = fieldFailure('invalid_input', Object.keys(reasons).length ? reasons : { _: reason('input.invalid') });
  return { ok: false, error: failure.toError() };
}
