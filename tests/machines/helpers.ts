import { fromPromise } from 'xstate';
import type { SubmitInput } from '../../src/machines/form';

/** A submit actor whose promise the test settles by hand, recording each input. */
export function controllableSubmit() {
  const calls: SubmitInput[] = [];
  let resolve: (value: unknown) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const logic = fromPromise<unknown, SubmitInput>(
    ({ input }) =>
      new Promise((res, rej) => {
        calls.push(input);
        resolve = res;
        reject = rej;
      }),
  );
  return {
    logic,
    calls,
    resolve: (value: unknown) => resolve(value),
    reject: (reason: unknown) => reject(reason),
  };
}

/** Lets pending promise callbacks (actor completions) run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
