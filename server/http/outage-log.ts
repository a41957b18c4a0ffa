import type { FastifyBaseLogger } from 'fastify';

/** A cause is logged at most once per this window. */
const WINDOW_MS = 5_000;
const PROBE_EVERY_MS = 1_000;

/**
 * Logs an outage of `what` ('database') without a storm: each cause once per window, without a stack, with
 * how many were not logged; `probe` every second until one line says it is over (docs/reliability.md).
 */
export function createOutageLog(
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  { what, probe }: { what: string; probe: () => Promise<unknown> },
) {
  let outage:
    | { since: number; failures: number; causes: Map<string, { at: number; suppressed: number }> }
    | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const scheduleProbe = () => {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      const back = await probe().then(
        () => true,
        () => false,
      );
      timer = undefined;
      if (!back) return scheduleProbe();
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
    /** A request failed because of the outage; `cause` names the kind (an error code). */
    report(cause: string, message: string) {
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
    /** Stops the probe (the app closes). */
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
