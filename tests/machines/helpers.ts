import { fromPromise } from 'xstate';
import type { SubmitInput } from '../../src/machines/form';

/**
 * A submit actor whose promise the test settles by hand, recording each input. It fits any form's
 * submit (the test says with what it resolves).
 */
export function controllableSubmit() {
  const calls: SubmitInput<any, any>[] = [];
  let resolve: (value: any) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const logic = fromPromise<any, SubmitInput<any, any>>(
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
    resolve: (value: any) => resolve(value),
    reject: (reason: unknown) => reject(reason),
  };
}

/** Lets pending promise callbacks (actor completions) run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
