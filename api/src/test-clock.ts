/**
 * The API's clock, movable by end-to-end tests only. Everything in the API that asks "what time is
 * it" (the publishing scheduler and its "is this in the past" check, sessions, sign-in links,
 * previews, updates, housekeeping) reads the one clock server.ts makes. It is the system's clock
 * unless TEST_CLOCK=1, when `POST /api/test/clock` moves it forward, so a browser test can schedule
 * a press release for tomorrow 09:00 and see it appear without waiting a day. loadConfig refuses
 * TEST_CLOCK in production, and without it the route is never mounted (a 404 like any unknown path).
 */
import express, { Router } from 'express';
import { HttpError, sendError } from './http/errors';

export const TEST_CLOCK_PATH = '/api/test/clock';

/** The system clock plus an offset that only grows: time never runs backwards for the API. */
export class MovableClock {
  private offsetMs = 0;

  /** Milliseconds since the epoch, as the API's dependencies take it. */
  readonly millis = (): number => Date.now() + this.offsetMs;

  readonly now = (): Date => new Date(this.millis());

  /** Moves the clock to `at`; refused when that is earlier than now. */
  moveTo(at: Date): void {
    if (at.getTime() < this.millis()) throw new HttpError(400, 'The test clock only moves forward.');
    this.offsetMs = at.getTime() - Date.now();
  }
}

/**
 * GET answers the clock's time; POST `{ "to": "<ISO instant>" }` or `{ "advanceMs": <n> }` moves
 * it forward and answers the new time.
 */
export function testClockRoutes(clock: MovableClock): Router {
  const router = Router();
  const answer = (res: express.Response) =>
    res.set('Cache-Control', 'no-store').json({ now: clock.now().toISOString() });

  router.get(TEST_CLOCK_PATH, (_req, res) => answer(res));
  router.post(TEST_CLOCK_PATH, express.json({ limit: '1kb' }), (req, res) => {
    const body = (req.body ?? {}) as { to?: unknown; advanceMs?: unknown };
    try {
      if (typeof body.to === 'string' && !Number.isNaN(Date.parse(body.to))) clock.moveTo(new Date(body.to));
      else if (typeof body.advanceMs === 'number' && Number.isInteger(body.advanceMs) && body.advanceMs >= 0)
        clock.moveTo(new Date(clock.millis() + body.advanceMs));
      else
        throw new HttpError(400, 'Send { "to": "<ISO instant>" } or { "advanceMs": <whole milliseconds, 0 or more> }.');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendError(res, error);
      return;
    }
    answer(res);
  });
  return router;
}
