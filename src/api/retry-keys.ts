/**
 * Idempotency-Keys for one kind of write (README, "Safe retries"): submitting the same values again
 * after a failure reuses the key, so if the first attempt did go through (its answer lost) the server
 * answers with what it created instead of creating it twice. New values, or a success, start a new key.
 */
export interface RetryKeys {
  keyFor(values: unknown): string;
  /** The write succeeded: the next one is a new one. */
  done(): void;
}

export function retryKeys(): RetryKeys {
  let last: { values: string; key: string } | null = null;
  return {
    keyFor(values) {
      const text = JSON.stringify(values);
      if (last?.values !== text) last = { values: text, key: newKey() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

// crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
