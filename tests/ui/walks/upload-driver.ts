import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CALL_TIME_LIMITS, FALLBACK_MESSAGE, TIMEOUT_MESSAGE } from '../../../src/api/errors';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, type PathStep, stateLabel } from '../../../src/qa/statecharts/paths';
import { renderApp, serverFetch } from '../harness';
import type { StepInfo, UiDriver, Walk } from './runner';
import {
  type Account,
  createAccount,
  isOutcome,
  newToast,
  outcomeLabel,
  setActive,
  toastsOnScreen,
  type User,
} from './support';

/**
 * A file section of My profile (the profile photo, the asset) walked through its real screen and the
 * real server's upload endpoint. Each model event is a user action or the server's answer:
 * - `file.choose (<label>)`: a real file put into the section's file input (user-event's upload; the
 *   input's `accept` is not applied, as a user may pick 'All files' in the dialog). The bytes are the
 *   fixtures in tests/fixtures, or files made here whose size or content is what the label says;
 * - `file.upload`: Upload (Try again after a failure), `file.cancel`: Cancel, `file.remove`: Remove;
 * - `upload.progress`, `upload.done`, `upload.failed`: the server answers (the request is held, with
 *   the server paused, while the screen shows the upload under way); jsdom reports the upload's
 *   progress when the answer comes, just before the answer itself;
 * - `xstate.error.actor.upload (crash)`: the uploader throws as it starts — a browser without
 *   XMLHttpRequest (the global is removed for that one click);
 * - the removal's outcome: success, or '400 detail' (the admin deactivated the account: 'Inactive user').
 * - the time limits (an upload or a removal never answered): the server is held and the write limit
 *   shortened for that one click, so the `after` edge is taken in a second; walked as a path's last step
 *   (the abandoned request reaches the server when it resumes).
 * A control the state does not offer (no Upload, a disabled file input) is a blocked step. A path whose
 * Remove would find nothing stored is not walked; when a path removes, the account starts with a file
 * stored through the API.
 */

export type FileMaker = () => File;

export interface UploadScreen {
  machine: string;
  /** The section's heading (its region's name). */
  heading: string;
  endpoint: '/users/me/profile_photo' | '/users/me/asset';
  inputLabel: string;
  /** The pick button at rest, without and with a stored file. */
  pickLabels: [string, string];
  removeLabel: string;
  uploadLabel: string;
  progressLabel: string;
  /** `file.choose` label → the real file the user picks, and the client's refusal of it, if any. */
  files: Record<string, { make: FileMaker; rejected?: string }>;
  /** The failure labels this screen realises, and how: before the upload (and after the failure shows). */
  failures: Record<string, { file?: FileMaker; refuse?: boolean; message: string }>;
  /** A fixture stored through the API for paths that remove one. */
  stored: { fixture: string; type: string };
  uploaded: string;
  removed: string;
  /** What the section shows while a file is stored (beyond Remove). */
  showsStored?: (section: HTMLElement, name: string) => void;
}

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  /** The name of the file stored on the account, or null. */
  stored: string | null;
  /** The file the user chose last. */
  chosen: File | null;
  inactive: boolean;
  toastsBefore: Set<Element>;
}

const FIXTURES = path.resolve('tests/fixtures');

/** A fixture's bytes as the File a user picks. */
export function fixture(name: string, type: string, as = name): FileMaker {
  return () => new File([readFileSync(path.join(FIXTURES, name))], as, { type });
}

/** A file of `size` bytes (zeros) of the declared type. */
export function sized(name: string, type: string, size: number): FileMaker {
  return () => new File([new Uint8Array(size)], name, { type });
}

/** A file with this text as its content. */
export function textFile(name: string, type: string, text: string): FileMaker {
  return () => new File([text], name, { type });
}

/** Stores a fixture through the API (multipart PATCH, as the browser sends it). */
async function storeThroughApi(walk: Walk, token: string, endpoint: string, file: UploadScreen['stored']) {
  const boundary = `----walk${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fixture}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const body = Buffer.concat([
    head,
    readFileSync(path.join(FIXTURES, file.fixture)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await serverFetch(`${walk.api.url}${endpoint}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const UPLOAD_ANSWERS = ['upload.progress', 'upload.done', 'upload.failed', 'xstate.error.actor.upload'];
const isAnswer = (step: PathStep | undefined) => Boolean(step && UPLOAD_ANSWERS.includes(step.event.type));
const isTimeLimit = (step: PathStep | undefined) => step?.event.type.startsWith('xstate.after.') ?? false;
const WRITE_LIMIT = CALL_TIME_LIMITS.write;
const failureLabel = (step: PathStep | undefined) =>
  step?.event.type === 'upload.failed' ? (/\(([^)]*)\)$/.exec(step.label)?.[1] ?? '') : undefined;

export function uploadDriver(spec: UploadScreen): UiDriver<Ctx> {
  const model = modelByName(spec.machine);
  if (!model) throw new Error(`no model ${spec.machine}`);

  /** The failure the upload started by step `index` ends in (its answer, after any progress), if any. */
  const failureAhead = (steps: PathStep[], index: number) => {
    let next = index + 1;
    while (steps[next]?.event.type === 'upload.progress') next++;
    return spec.failures[failureLabel(steps[next]) ?? ''];
  };
  /** A failure that the file chosen at step `index` causes by its content, before another is chosen. */
  const contentFailureAhead = (steps: PathStep[], index: number) => {
    for (let next = index + 1; next < steps.length; next++) {
      const type = steps[next]?.event.type;
      if (type === 'file.choose') return undefined;
      const failure = type === 'upload.failed' ? spec.failures[failureLabel(steps[next]) ?? ''] : undefined;
      if (failure?.file) return failure;
    }
    return undefined;
  };

  function accepts(candidate: ModelPath): boolean {
    const { steps } = candidate;
    const states = [candidate.initial, ...steps.map((step) => step.state)];
    let stored = steps.some((step) => step.event.type === 'file.remove');
    // Failures that come from the chosen file's content: the same file cannot then succeed.
    let contentFailed = false;
    return steps.every((step, index) => {
      const from = stateLabel(states[index] as AnyMachineSnapshot);
      const type = step.event.type;
      const next = steps[index + 1];
      if (type === 'file.choose' && from !== 'uploading.sending' && from !== 'removing')
        contentFailed = false;
      if (type === 'file.remove' && from === 'idle' && !stored) return false;
      if (type === 'upload.failed') {
        const failure = spec.failures[failureLabel(step) ?? ''];
        if (!failure) return false;
        if (failure.file) contentFailed = true;
      }
      if (type === 'upload.done') {
        if (contentFailed) return false;
        stored = true;
      }
      if (isOutcome(step, 'remove')) {
        const label = outcomeLabel(step.event);
        if (label !== 'success' && label !== '400 detail') return false;
        if (label === 'success') stored = false;
      }
      // Progress is reported with the answer: the answer follows it at once (or the path ends there).
      const answered = !next || next.event.type === 'upload.done' || next.event.type === 'upload.failed';
      if (type === 'upload.progress' && !answered) return false;
      // The uploader crashes as it starts: nothing can come between.
      if (next?.event.type === 'xstate.error.actor.upload' && type !== 'file.upload') return false;
      return !isTimeLimit(step) || !next;
    });
  }

  const section = () => screen.getByRole('region', { name: spec.heading });
  const fileInput = () => within(section()).getByLabelText(spec.inputLabel) as HTMLInputElement;
  const button = (name: string | RegExp) => within(section()).queryByRole('button', { name });

  async function arrangeRefusal(ctx: Ctx, walk: Walk, refuse: boolean) {
    if (refuse === ctx.inactive) return;
    await setActive(walk.api, ctx.account.id, !refuse);
    ctx.inactive = refuse;
  }

  async function click(ctx: Ctx, found: HTMLElement | null): Promise<'sent' | 'blocked'> {
    if (!found || (found as HTMLButtonElement).disabled) return 'blocked';
    await ctx.u.click(found);
    return 'sent';
  }

  return {
    model,
    accepts,
    maxPaths: 16,
    held: (label) => label === 'uploading.sending' || label === 'removing',
    // Cancel while the upload is held must meet the held request, not its answer.
    resumeFor: (info) =>
      !((stateLabel(info.before) === 'uploading.sending' && !isAnswer(info.step)) || isTimeLimit(info.step)),
    automatic: (step) => isAnswer(step) || isTimeLimit(step),
    leavesAtOnce: (step) => step.event.type === 'upload.progress',
    async setup(candidate, walk) {
      const account = await createAccount(walk.api, spec.machine);
      const removes = candidate.steps.some((step) => step.event.type === 'file.remove');
      let stored: string | null = null;
      if (removes) {
        await storeThroughApi(walk, account.token, spec.endpoint, spec.stored);
        stored = spec.stored.fixture;
      }
      const app = renderApp('/settings', account.token).app;
      await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
      await screen.findByRole('region', { name: spec.heading }, { timeout: 10_000 });
      return {
        account,
        app,
        // A user can pick any file ('All files' in the dialog): the input's accept list is not applied.
        u: userEvent.setup({ applyAccept: false }),
        stored,
        chosen: null,
        inactive: false,
        toastsBefore: toastsOnScreen(),
      };
    },
    teardown: (ctx) => {
      CALL_TIME_LIMITS.write = WRITE_LIMIT;
      ctx.app.session.stop();
    },
    async act(info, ctx, walk) {
      ctx.toastsBefore = toastsOnScreen();
      const { step, path: candidate } = info;
      const from = stateLabel(info.before);
      const type = step.event.type;
      if (isAnswer(step) || isOutcome(step, 'remove') || isTimeLimit(step)) return 'sent';
      if (isTimeLimit(info.next)) CALL_TIME_LIMITS.write = 1_500;
      if (type === 'file.choose') {
        const input = fileInput();
        if (input.disabled) return 'blocked';
        const label = /\(([^)]*)\)$/.exec(step.label)?.[1] ?? '';
        const file = spec.files[label];
        if (!file) throw new Error(`${spec.machine}: no file for '${label}'`);
        const failure = contentFailureAhead(candidate.steps, info.index - 1);
        ctx.chosen = failure?.file ? failure.file() : file.make();
        await ctx.u.upload(input, ctx.chosen);
        return 'sent';
      }
      if (type === 'file.upload') {
        // Upload is offered with a chosen file, Try again after a failed upload; nowhere else.
        const upload =
          from === 'failed' ? button('Try again') : from === 'previewing' ? button(spec.uploadLabel) : null;
        if (!upload) {
          expect(button('Try again')).toBeNull();
          return 'blocked';
        }
        await arrangeRefusal(ctx, walk, Boolean(failureAhead(candidate.steps, info.index - 1)?.refuse));
        if (info.next?.event.type !== 'xstate.error.actor.upload') return click(ctx, upload);
        // A browser without XMLHttpRequest: the uploader throws as it starts.
        const original = globalThis.XMLHttpRequest;
        Reflect.deleteProperty(globalThis, 'XMLHttpRequest');
        try {
          return await click(ctx, upload);
        } finally {
          globalThis.XMLHttpRequest = original;
        }
      }
      if (type === 'file.cancel') return click(ctx, button('Cancel'));
      if (type === 'file.remove') {
        const remove = button(spec.removeLabel);
        if (remove && from === 'idle') {
          await arrangeRefusal(ctx, walk, outcomeLabel(info.next?.event) === '400 detail');
        }
        return click(ctx, remove);
      }
      throw new Error(`${spec.machine}: no user action for ${type}`);
    },
    async afterStep(info, ctx, walk) {
      const type = info.step.event.type;
      if (type === 'upload.failed' || isOutcome(info.step, 'remove')) await arrangeRefusal(ctx, walk, false);
    },
    async see(expected, ctx, _walk, info: StepInfo | undefined) {
      const label = stateLabel(expected);
      // What the account stores after the server's answer.
      if (info?.step.event.type === 'upload.done') ctx.stored = ctx.chosen?.name ?? ctx.stored;
      if (info && isOutcome(info.step, 'remove') && outcomeLabel(info.step.event) === 'success')
        ctx.stored = null;
      const region = await waitFor(() => section());
      const alert = () => within(region).queryByRole('alert');
      if (label === 'idle' || label === 'removing') {
        const pick = await waitFor(() => {
          const found = button(spec.pickLabels[ctx.stored ? 1 : 0]);
          expect(found, `the ${spec.pickLabels[ctx.stored ? 1 : 0]} button`).not.toBeNull();
          return found as HTMLButtonElement;
        });
        expect(alert()).toBeNull();
        expect(button('Cancel')).toBeNull();
        const remove = button(spec.removeLabel);
        if (label === 'removing') {
          expect(remove?.getAttribute('data-loading')).not.toBeNull();
          expect(pick.disabled).toBe(true);
          expect(fileInput().disabled).toBe(true);
          return;
        }
        expect(pick.disabled).toBe(false);
        await waitFor(() => expect(button(spec.removeLabel) !== null).toBe(ctx.stored !== null));
        if (ctx.stored) spec.showsStored?.(region, ctx.stored);
        const step = info?.step;
        if (step?.event.type === 'upload.done') await newToast(ctx.toastsBefore, 'Success!', spec.uploaded);
        if (step && isOutcome(step, 'remove')) {
          if (outcomeLabel(step.event) === 'success')
            await newToast(ctx.toastsBefore, 'Success!', spec.removed);
          else await newToast(ctx.toastsBefore, 'Error', 'Inactive user');
        }
        if (isTimeLimit(step)) await newToast(ctx.toastsBefore, 'Error', TIMEOUT_MESSAGE);
        return;
      }
      const cancel = button('Cancel');
      expect(cancel, 'Cancel').not.toBeNull();
      if (label === 'uploading.sending') {
        const bar = within(region).getByRole('progressbar', { name: spec.progressLabel });
        expect(bar.getAttribute('aria-valuenow')).toBe('0');
        expect(within(region).getByText('Uploading… 0%')).toBeTruthy();
        expect(button(/Choose another/)).toBeNull();
        return;
      }
      // A file was chosen: it can be replaced.
      expect(button('Choose another')).not.toBeNull();
      if (label === 'previewing') {
        const chosen = ctx.chosen as File;
        expect(
          within(region).getByText(new RegExp(`^Selected: ${escapeRegExp(chosen.name)} \\(`)),
        ).toBeTruthy();
        expect(button(spec.uploadLabel)).not.toBeNull();
        expect(alert()).toBeNull();
        return;
      }
      const shown = await waitFor(() => {
        const found = alert();
        expect(found).not.toBeNull();
        return found?.textContent ?? '';
      });
      if (label === 'rejected') {
        // The client's own check, in the server's words.
        const chosen = Object.values(spec.files).find((file) => file.make().name === ctx.chosen?.name);
        expect(shown).toBe(chosen?.rejected);
        expect(button('Try again')).toBeNull();
        return;
      }
      expect(label).toBe('failed');
      expect(button('Try again')).not.toBeNull();
      const failure = spec.failures[failureLabel(info?.step) ?? ''];
      if (isTimeLimit(info?.step)) expect(shown).toBe(TIMEOUT_MESSAGE);
      else if (failure) expect(shown).toBe(failure.message);
      else if (info?.step.event.type === 'xstate.error.actor.upload') expect(shown).toBe(FALLBACK_MESSAGE);
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
