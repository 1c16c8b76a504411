import { Writable } from 'node:stream';
import pino from 'pino';
import { callLimit, outageLog } from '../src/db/guard';
import { StoreUnavailableError } from '../src/store';

/** A call the test settles by hand, and whether it was ever started. */
function manualCall() {
  let settle!: (value: string) => void;
  const call = {
    started: false,
    start: () => {
      call.started = true;
      return new Promise<string>((resolve) => (settle = resolve));
    },
    finish: (value = 'done') => settle(value),
  };
  return call;
}

describe('callLimit', () => {
  it('sends at most `max` calls to the store; the rest wait, and a 503 for one that waited too long means it was never sent', async () => {
    const slots = callLimit(2);
    const [a, b, c] = [manualCall(), manualCall(), manualCall()];
    const first = slots.run(a.start, 10_000, 'a');
    // Answered 503 at its deadline, but it keeps its slot until the store finishes it.
    const second = slots.run(b.start, 50, 'b');
    await expect(second).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(slots.active).toBe(2);
    const third = slots.run(c.start, 50, 'c');
    await expect(third).rejects.toThrow(/busy with earlier calls .*c not sent/);
    expect(c.started).toBe(false);

    b.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.active).toBe(1);
    const fourth = manualCall();
    const queued = slots.run(fourth.start, 10_000, 'd');
    expect(fourth.started).toBe(true);
    a.finish('a');
    fourth.finish('d');
    await expect(Promise.all([first, queued])).resolves.toEqual(['a', 'd']);
  });
});

describe('outageLog', () => {
  it('logs an outage once, with its cause, and its end once the store stays well', async () => {
    const lines: { msg: string; err?: { message: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        callback();
      },
    });
    const outage = outageLog(pino({ level: 'info' }, sink), 'mongodb');
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:27017');
    for (let i = 0; i < 20; i += 1) {
      outage.failed(new StoreUnavailableError('MongoDB is unreachable.', { cause }));
      outage.succeeded(); // flapping: a success right after a failure is not the end yet
    }
    expect(lines.map((line) => line.msg)).toEqual(['store unavailable: connect ECONNREFUSED 127.0.0.1:27017']);
    expect(lines[0]!.err?.message).toBe(cause.message);
    jest.useFakeTimers({ now: Date.now() + 5000 });
    try {
      outage.succeeded();
    } finally {
      jest.useRealTimers();
    }
    expect(lines.map((line) => line.msg)).toEqual([
      'store unavailable: connect ECONNREFUSED 127.0.0.1:27017',
      'store available again',
    ]);
  });
});
