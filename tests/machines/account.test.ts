import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { CALL_TIME_LIMITS, CallTimeoutError, errorMessage, TIMEOUT_MESSAGE } from '../../src/api/errors';
import { everySecond } from '../../src/features/account/actors';
import { formatBytes, initials } from '../../src/features/account/format';
import { assetUploadMachine, checkAsset } from '../../src/machines/asset-upload';
import {
  cleanCode,
  confirmEmailMachine,
  RESEND_INTERVAL_SECONDS,
  retryAfterSeconds,
} from '../../src/machines/confirm-email';
import { checkPhoto, profilePhotoMachine } from '../../src/machines/profile-photo';
import { PLANS, planLabel, subscriptionMachine } from '../../src/machines/subscription';
import { type UploadEvent, uploadPercent } from '../../src/machines/upload';
import { flush } from './helpers';

const detail = (status: number, text: string) => new ApiError(status, { detail: text });
const file = (name: string, type: string, size: number) =>
  Object.defineProperty(new File([], name, { type }), 'size', { value: size });

afterEach(() => {
  vi.useRealTimers();
});

describe('confirmEmail machine', () => {
  function start(check: (code: string) => Promise<unknown>, resend: () => Promise<unknown>) {
    const effects = { onConfirmed: vi.fn(), onResent: vi.fn() };
    const actor = createActor(
      confirmEmailMachine.provide({
        actors: {
          checkCode: fromPromise<unknown, { code: string }>(({ input }) => check(input.code)),
          resendCode: fromPromise<unknown, void>(() => resend()),
          ticker: everySecond,
        },
        actions: effects,
      }),
    ).start();
    return { actor, effects };
  }
  const code = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value;

  it('keeps digits only; Confirm needs six', () => {
    expect(cleanCode('12a 3-45678')).toBe('123456');
    const { actor } = start(
      async () => ({}),
      async () => ({}),
    );
    actor.send({ type: 'confirm.change', code: '12' });
    expect(actor.getSnapshot().can({ type: 'confirm.submit' })).toBe(false);
    actor.send({ type: 'confirm.change', code: '123456' });
    expect(actor.getSnapshot().can({ type: 'confirm.submit' })).toBe(true);
    actor.send({ type: 'confirm.change', code: 'abc' });
    expect(code(actor)).toEqual({ active: { code: 'idle', resend: 'ready' } });
  });

  it('a wrong code shows the server message; the right one confirms', async () => {
    const check = vi.fn(async (value: string) => {
      if (value !== '654321') throw detail(400, 'Invalid confirmation code. 4 tries left.');
      return { id: 'me', is_email_confirmed: true };
    });
    const { actor, effects } = start(check, async () => ({}));
    actor.send({ type: 'confirm.change', code: '123456' });
    actor.send({ type: 'confirm.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ active: { code: 'wrong' } })).toBe(true);
    expect((actor.getSnapshot().context.error as ApiError).body).toEqual({
      detail: 'Invalid confirmation code. 4 tries left.',
    });
    actor.send({ type: 'confirm.change', code: '654321' });
    actor.send({ type: 'confirm.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(effects.onConfirmed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual({ id: 'me', is_email_confirmed: true });
  });

  it.each([
    'The confirmation code has expired. Ask for a new code.',
    'Too many wrong codes. Ask for a new code.',
  ])('%s → expired', async (message) => {
    const { actor } = start(
      async () => {
        throw detail(400, message);
      },
      async () => ({}),
    );
    actor.send({ type: 'confirm.change', code: '123456' });
    actor.send({ type: 'confirm.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ active: { code: 'expired' } })).toBe(true);
  });

  it('already confirmed (elsewhere) ends the flow', async () => {
    const { actor, effects } = start(
      async () => {
        throw detail(400, 'Email is already confirmed');
      },
      async () => ({}),
    );
    actor.send({ type: 'confirm.change', code: '123456' });
    actor.send({ type: 'confirm.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(effects.onConfirmed).toHaveBeenCalled();
  });

  it('a sent code clears the typed one and cools the resend down for 60 s, counted by the ticker', async () => {
    vi.useFakeTimers();
    const { actor, effects } = start(
      async () => ({}),
      async () => ({ message: 'sent' }),
    );
    actor.send({ type: 'confirm.change', code: '123' });
    actor.send({ type: 'confirm.resend' });
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ active: { code: 'idle', resend: 'coolingDown' } });
    expect(snapshot.context.code).toBe('');
    expect(snapshot.context.cooldown).toBe(RESEND_INTERVAL_SECONDS);
    expect(effects.onResent).toHaveBeenCalledTimes(1);
    // Typing goes on while cooling down.
    actor.send({ type: 'confirm.change', code: '99' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_INTERVAL_SECONDS - 3);
    expect(actor.getSnapshot().context.code).toBe('99');
    await vi.advanceTimersByTimeAsync((RESEND_INTERVAL_SECONDS - 3) * 1000);
    expect(actor.getSnapshot().value).toEqual({ active: { code: 'entering', resend: 'ready' } });
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    actor.stop();
  });

  it('a 429 cools down for the seconds the server asks', async () => {
    vi.useFakeTimers();
    const { actor } = start(
      async () => ({}),
      async () => {
        throw detail(429, 'Please wait 17 seconds before asking for a new code.');
      },
    );
    actor.send({ type: 'confirm.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ active: { resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().context.cooldown).toBe(17);
    expect(actor.getSnapshot().context.sent).toBe(false);
    actor.stop();
  });

  it('reads the wait from Retry-After, the message, or falls back to the interval', () => {
    expect(retryAfterSeconds(Object.assign(detail(429, 'x'), { retryAfter: 12 }))).toBe(12);
    expect(retryAfterSeconds(detail(429, 'Please wait 5 seconds before asking for a new code.'))).toBe(5);
    expect(retryAfterSeconds(detail(429, 'Too Many Requests'))).toBe(RESEND_INTERVAL_SECONDS);
  });

  it('a failed resend can be retried', async () => {
    let fail = true;
    const { actor } = start(
      async () => ({}),
      async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { message: 'sent' };
      },
    );
    actor.send({ type: 'confirm.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ active: { resend: 'failed' } })).toBe(true);
    fail = false;
    actor.send({ type: 'confirm.resend' });
    await flush();
    expect(actor.getSnapshot().matches({ active: { resend: 'coolingDown' } })).toBe(true);
    actor.stop();
  });
});

describe('upload machines', () => {
  it('the client checks mirror the server (messages and order)', () => {
    expect(checkPhoto(file('a.png', 'image/png', 10))).toBeNull();
    expect(checkPhoto(file('a.webp', '', 10))).toBeNull();
    expect(checkPhoto(file('a.gif', 'image/gif', 10))).toBe(
      'The profile photo must be a PNG, JPEG or WebP image',
    );
    expect(checkPhoto(file('a.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe(
      'File too large: the limit is 5 MB',
    );
    expect(checkPhoto(file('a.gif', 'image/gif', 0))).toBe('The file is empty');
    expect(checkAsset(file('a.bin', '', 20 * 1024 * 1024 + 1))).toBe('File too large: the limit is 20 MB');
    expect(checkAsset(file('a.bin', '', 1))).toBeNull();
  });

  function controllableUploader() {
    const runs: { file: File; send: (event: UploadEvent) => void; aborted: boolean }[] = [];
    const logic = fromCallback<UploadEvent, { file: File }>(({ input, sendBack }) => {
      const run = { file: input.file, send: sendBack, aborted: false };
      runs.push(run);
      return () => {
        run.aborted = true;
      };
    });
    return { logic, runs };
  }

  it('choose → preview → upload with progress → done (the cache effect runs once)', () => {
    const uploader = controllableUploader();
    const onUploaded = vi.fn();
    const actor = createActor(
      profilePhotoMachine.provide({ actors: { upload: uploader.logic }, actions: { onUploaded } }),
    ).start();
    const photo = file('me.png', 'image/png', 2048);
    actor.send({ type: 'file.choose', file: photo });
    expect(actor.getSnapshot().value).toBe('previewing');
    actor.send({ type: 'file.upload' });
    expect(uploader.runs[0]?.file).toBe(photo);
    uploader.runs[0]?.send({ type: 'upload.progress', loaded: 1024, total: 2048 });
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBe(50);
    uploader.runs[0]?.send({ type: 'upload.done', output: { id: 'me', profile_photo_url: '/p' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(actor.getSnapshot().context.output).toEqual({ id: 'me', profile_photo_url: '/p' });
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('a server refusal keeps the file for another try, which starts with no error and no progress; Cancel aborts a running upload', () => {
    const uploader = controllableUploader();
    const actor = createActor(profilePhotoMachine.provide({ actors: { upload: uploader.logic } })).start();
    actor.send({ type: 'file.choose', file: file('fake.png', 'image/png', 30) });
    actor.send({ type: 'file.upload' });
    uploader.runs[0]?.send({ type: 'upload.progress', loaded: 30, total: 30 });
    const refusal = detail(415, 'The profile photo must be a PNG, JPEG or WebP image');
    uploader.runs[0]?.send({ type: 'upload.failed', error: refusal });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(refusal);
    actor.send({ type: 'file.upload' });
    expect(uploader.runs).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBe(0);
    uploader.runs[1]?.send({ type: 'upload.progress', loaded: 15, total: 30 });
    actor.send({ type: 'file.cancel' });
    expect(uploader.runs[1]?.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBe(0);
  });

  it('a refused file never reaches the uploader', () => {
    const uploader = controllableUploader();
    const actor = createActor(assetUploadMachine.provide({ actors: { upload: uploader.logic } })).start();
    actor.send({ type: 'file.choose', file: file('empty.txt', 'text/plain', 0) });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.rejection).toBe('The file is empty');
    expect(actor.getSnapshot().can({ type: 'file.upload' })).toBe(false);
    expect(uploader.runs).toHaveLength(0);
  });

  it('remove: success updates, failure is reported', async () => {
    const onRemoved = vi.fn();
    const onRemoveFailed = vi.fn();
    let fail = false;
    const actor = createActor(
      assetUploadMachine.provide({
        actors: {
          remove: fromPromise<unknown, void>(async () => {
            if (fail) throw new TypeError('Failed to fetch');
            return { id: 'me', asset_url: null };
          }),
        },
        actions: { onRemoved, onRemoveFailed },
      }),
    ).start();
    actor.send({ type: 'file.remove' });
    expect(actor.getSnapshot().value).toBe('removing');
    await flush();
    expect(onRemoved).toHaveBeenCalledTimes(1);
    fail = true;
    actor.send({ type: 'file.remove' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(onRemoveFailed).toHaveBeenCalledTimes(1);
  });
});

describe('subscription machine', () => {
  it('saves the chosen plan only after the confirmation; a failure can be retried', async () => {
    const save = vi.fn(async ({ plan }: { plan: string }) => {
      if (save.mock.calls.length === 1) throw new TypeError('Failed to fetch');
      return { id: 'me', subscription_type: plan };
    });
    const onSaved = vi.fn();
    const actor = createActor(
      subscriptionMachine.provide({
        actors: {
          save: fromPromise<unknown, { plan: 'Free' | 'Plan1' | 'Plan2' }>(({ input }) => save(input)),
        },
        actions: { onSaved },
      }),
    ).start();
    actor.send({ type: 'plan.choose', plan: 'Plan1' });
    actor.send({ type: 'plan.cancel' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'plan.choose', plan: 'Plan1' });
    actor.send({ type: 'plan.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'plan.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(save).toHaveBeenLastCalledWith({ plan: 'Plan1' });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(planLabel('Plan2')).toBe('Plan 2');
  });

  it("shows every plan by the spec's name: Free, Plan1 as 'Plan 1', Plan2 as 'Plan 2'", () => {
    expect(PLANS.map(({ value }) => planLabel(value))).toEqual(['Free', 'Plan 1', 'Plan 2']);
  });
});

describe('time limits (CALL_TIME_LIMITS.write): a call never answered fails, saying so, the form usable', () => {
  const { write } = CALL_TIME_LIMITS;
  /** A call that never answers; `aborted` tells whether the machine cancelled it (the actor's signal). */
  function never<Input>() {
    const signals: AbortSignal[] = [];
    const logic = fromPromise<unknown, Input>(({ signal }) => {
      signals.push(signal);
      return new Promise(() => {});
    });
    return { logic, aborted: () => signals.map((signal) => signal.aborted) };
  }
  const timedOut = (error: unknown) =>
    error instanceof CallTimeoutError && errorMessage(error) === TIMEOUT_MESSAGE;

  it('subscription: the save ends in failed (reported), its request cancelled; Confirm tries again', () => {
    vi.useFakeTimers();
    const save = never<{ plan: 'Free' | 'Plan1' | 'Plan2' }>();
    const onFailure = vi.fn();
    const actor = createActor(
      subscriptionMachine.provide({ actors: { save: save.logic }, actions: { onFailure } }),
    ).start();
    actor.send({ type: 'plan.choose', plan: 'Plan2' });
    actor.send({ type: 'plan.confirm' });
    vi.advanceTimersByTime(write - 1);
    expect(actor.getSnapshot().value).toBe('saving');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(timedOut(actor.getSnapshot().context.error)).toBe(true);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(save.aborted()).toEqual([true]);
    actor.send({ type: 'plan.confirm' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('confirmEmail: an unanswered check is `wrong` (the code kept, Confirm again), a resend `failed`', () => {
    vi.useFakeTimers();
    const check = never<{ code: string }>();
    const resend = never<void>();
    const actor = createActor(
      confirmEmailMachine.provide({ actors: { checkCode: check.logic, resendCode: resend.logic } }),
    ).start();
    actor.send({ type: 'confirm.change', code: '123456' });
    actor.send({ type: 'confirm.submit' });
    vi.advanceTimersByTime(write / 2);
    actor.send({ type: 'confirm.resend' });
    vi.advanceTimersByTime(write / 2);
    expect(actor.getSnapshot().value).toEqual({ active: { code: 'wrong', resend: 'resending' } });
    expect(timedOut(actor.getSnapshot().context.error)).toBe(true);
    expect(actor.getSnapshot().context.code).toBe('123456');
    expect(actor.getSnapshot().can({ type: 'confirm.submit' })).toBe(true);
    vi.advanceTimersByTime(write / 2);
    expect(actor.getSnapshot().value).toEqual({ active: { code: 'wrong', resend: 'failed' } });
    expect(timedOut(actor.getSnapshot().context.resendError)).toBe(true);
    expect(check.aborted()).toEqual([true]);
    expect(resend.aborted()).toEqual([true]);
  });

  it('upload: the limit counts from the last progress (a slow upload goes on, a stalled one is aborted)', () => {
    vi.useFakeTimers();
    const aborted: boolean[] = [];
    const sends: ((event: UploadEvent) => void)[] = [];
    const upload = fromCallback<UploadEvent, { file: File }>(({ sendBack }) => {
      const index = aborted.push(false) - 1;
      sends.push(sendBack);
      return () => {
        aborted[index] = true;
      };
    });
    const actor = createActor(profilePhotoMachine.provide({ actors: { upload } })).start();
    actor.send({ type: 'file.choose', file: file('me.png', 'image/png', 2048) });
    actor.send({ type: 'file.upload' });
    for (const loaded of [512, 1024, 1536]) {
      vi.advanceTimersByTime(write - 1);
      sends[0]?.({ type: 'upload.progress', loaded, total: 2048 });
    }
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    vi.advanceTimersByTime(write);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(timedOut(actor.getSnapshot().context.error)).toBe(true);
    expect(aborted).toEqual([true]);
    expect(actor.getSnapshot().context.file?.name).toBe('me.png');
    actor.send({ type: 'file.upload' });
    expect(aborted).toEqual([true, false]);
  });

  it('remove: an unanswered removal is reported and the section is at rest again', () => {
    vi.useFakeTimers();
    const remove = never<void>();
    const onRemoveFailed = vi.fn();
    const actor = createActor(
      assetUploadMachine.provide({ actors: { remove: remove.logic }, actions: { onRemoveFailed } }),
    ).start();
    actor.send({ type: 'file.remove' });
    vi.advanceTimersByTime(write);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(timedOut(actor.getSnapshot().context.error)).toBe(true);
    expect(onRemoveFailed).toHaveBeenCalledTimes(1);
    expect(remove.aborted()).toEqual([true]);
  });
});

describe('formatting', () => {
  it('sizes and initials', () => {
    expect(formatBytes(471)).toBe('471 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(initials('Ada Lovelace King', 'a@x.io')).toBe('AL');
    expect(initials(null, 'bob@example.com')).toBe('B');
  });
});
