import type { FastifyBaseLogger } from 'fastify';

/**
 * Logging a known outage (the database unreachable) without a storm: during one, every request fails the
 * same way, hundreds a second, and a stack trace each says nothing the first line did not. Each distinct
 * cause is logged at most once per window, as one line without a stack, with how many of it were not
 * logged since its previous line; while the outage lasts, `probe` is tried every second, and its first
 * success ends the outage with one line (how long, how many failures).
 */
export interface OutageLog {
  /** A request failed because of the outage; `cause` names the kind (an error code), `message` the error's. */
  report(cause: string, message: string): void;
  /** Stops the probe (the app closes). */
  stop(): void;
}

/** A cause is logged at most once per this window. */
const WINDOW_MS = 5_000;
const PROBE_EVERY_MS = 1_000;

/** `what` is out, as the lines name it ('database'); `probe` resolves when it answers again. */
export function createOutageLog(
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  { what, probe }: { what: string; probe: () => Promise<unknown> },
): OutageLog {
  let outage:
    | { since: number; failures: number; causes: Map<string, { at: number; suppressed: number }> }
    | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const scheduleProbe = () => {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      try {
        await probe();
      } catch {
        timer = undefined;
        scheduleProbe();
        return;
      }
      timer = undefined;
      if (!outage) return;
      const { since, failures, causes } = outage;
      outage = undefined;
      const seconds = ((Date.now() - since) / 1000).toFixed(1);
      log.warn(
        { outage: what, seconds: Number(seconds), failures, causes: [...causes.keys()] },
        `${what} is back after ${seconds} s (${failures} request(s) failed meanwhile)`,
      );
    }, PROBE_EVERY_MS);
    timer.unref();
  };

  return {
    report(cause, message) {
      const at = Date.now();
      outage ??= { since: at, failures: 0, causes: new Map() };
      outage.failures++;
      const last = outage.causes.get(cause);
      if (last && at - last.at < WINDOW_MS) {
        last.suppressed++;
      } else {
        const suppressed = last?.suppressed ?? 0;
        outage.causes.set(cause, { at, suppressed: 0 });
        log.error(
          { outage: what, cause, suppressed },
          `${what} unavailable (${cause}: ${message.slice(0, 200)}); answering 503` +
            (suppressed > 0
              ? `; ${suppressed} more like it in the last ${Math.round((at - (last?.at ?? at)) / 1000)} s not logged`
              : ''),
        );
      }
      scheduleProbe();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
