// Worker thread of the list: its positions (positions.ts) and its exact counts (count-tables.ts),
// each lane on a read-only connection of its own (a walk keeps its iterator open between turns),
// so main's event loop never walks a list nor counts one. Jobs in ({ lane, id, filter, sort } or
// { lane, id, filter, version }; a newer id in a lane stops the job walking in it); out: positions
// ({ lane, id, version, at }), counts ({ lane, id, version, total, exact }), then { lane, id, done,
// complete }. The thread runs at the lowest priority (thread-priority.ts). Bundled as
// dist/main/positions-worker.cjs.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { transactionMs, walkPositions } from './positions';
import { countMatches } from './count-tables';
import type { PaymentFilter } from '../../contract/methods/payments';
import type { PaymentSort } from './search';
import type { Lane, LaneMessage } from './positions-thread';
import { lowerThisThread } from '../core/thread-priority';

// Background work: on a busy machine main's thread (the user's calls) gets the CPU first.
lowerThisThread();

type Job = { lane: Lane; id: number; filter?: PaymentFilter; sort?: PaymentSort; version?: number };
const { ledgerFile, serving: servingBuffer } = workerData as { ledgerFile: string; serving?: SharedArrayBuffer };
const open = () => new Database(ledgerFile, { readonly: true, fileMustExist: true });
const lanes: Record<Lane, { db: Database.Database; latest: number; queue: Promise<void> }> = {
  walk: { db: open(), latest: 0, queue: Promise.resolve() },
  count: { db: open(), latest: 0, queue: Promise.resolve() },
};
// While main answers a page of the list (positions-thread.ts's whileServingList) this thread
// sleeps at its turns, so the page has the machine's cores; never more than maxHoldMs a turn, so
// a user paging without pause still gets the count.
const serving = servingBuffer ? new Int32Array(servingBuffer) : undefined;
const maxHoldMs = 100;
function holdWhileMainServes(): void {
  if (!serving) return;
  const until = performance.now() + maxHoldMs;
  for (let now = Atomics.load(serving, 0); now > 0 && performance.now() < until; now = Atomics.load(serving, 0)) {
    Atomics.wait(serving, 0, now, Math.max(1, until - performance.now()));
  }
}
const turn = () => {
  holdWhileMainServes();
  return new Promise<void>((resolve) => setImmediate(resolve));
};
const send = (message: LaneMessage) => parentPort!.postMessage(message);

parentPort!.on('message', (job: Job) => {
  const lane = lanes[job.lane];
  lane.latest = job.id;
  if (!job.filter) return; // only a stop
  const { filter, sort, version } = job;
  const stopped = () => lane.latest !== job.id;
  // One job at a time in a lane: the one before stops at its next turn.
  lane.queue = lane.queue.then(async () => {
    let complete = false;
    try {
      if (stopped()) return;
      holdWhileMainServes(); // the page that asked for this job is usually still being answered
      if (job.lane === 'walk') {
        complete = await walkPositions(lane.db, { filter, sort: sort! }, (at, positions) => send({ lane: 'walk', id: job.id, version: at, at: positions }), stopped, turn);
      } else {
        complete = await countMatches(lane.db, { filter, version: version! }, (total, exact) => send({ lane: 'count', id: job.id, version, total, exact }), stopped, turn, { transactionMs });
      }
    } finally {
      send({ lane: job.lane, id: job.id, done: true, complete });
    }
  }).catch(() => undefined);
});
