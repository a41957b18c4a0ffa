import { describe, expect, it } from 'vitest';
import { retryKeys } from '../../src/api/retry-keys';

describe('retryKeys (the SPA side of Idempotency-Key)', () => {
  it('the same values resubmitted keep their key; other values or a success start a new one', () => {
    const keys = retryKeys();
    const first = keys.keyFor({ title: 'Lamp', description: null });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor({ title: 'Lamp', description: null })).toBe(first);
    const edited = keys.keyFor({ title: 'Lamp 2', description: null });
    expect(edited).not.toBe(first);
    keys.done();
    expect(keys.keyFor({ title: 'Lamp 2', description: null })).not.toBe(edited);
  });

  it('keys of two writers never meet', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => retryKeys().keyFor({})));
    expect(seen.size).toBe(1000);
  });
});
