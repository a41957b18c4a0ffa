import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CALL_TIME_LIMITS, CallTimeoutError } from '../api/errors';

/**
 * A file the user keeps on the account (profile photo, asset): choose, check on the client, preview,
 * upload with progress (a callback actor: XMLHttpRequest; stopping it aborts), or remove the stored one.
 */

/** What the client checks of a chosen file (a `File` has these). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export interface UploadContext {
  file: File | null;
  /** The client-side reason the chosen file was refused. */
  rejection: string | null;
  /** Bytes sent and total while uploading (total 0 until known). */
  progress: { loaded: number; total: number };
  /** The last failure of the upload or the removal. */
  error: unknown;
  /** The user returned by the last upload or removal. */
  output: unknown;
}

export interface UploadInput {
  file: File;
}

export type UploadEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'file.upload' }
  | { type: 'file.cancel' }
  | { type: 'file.remove' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; output: unknown }
  | { type: 'upload.failed'; error: unknown };

export interface UploadOptions {
  id: string;
  /** The client-side check: a message when the file is refused, else null. */
  check: (file: ChosenFile) => string | null;
}

export const MEGABYTE = 1024 * 1024;

/** The size checks the server makes (server/storage/uploads.ts), with its messages, in its order. */
export function checkSize(file: ChosenFile, maxBytes: number): string | null {
  if (file.size > maxBytes) return `File too large: the limit is ${Math.round(maxBytes / MEGABYTE)} MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** Percent sent, 0–100 (0 while the total is unknown). */
export function uploadPercent(progress: { loaded: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

const noProgress = { loaded: 0, total: 0 };

/** The upload chart's implementations; the side effects are injected by its screen. */
function uploadSetup(options: UploadOptions) {
  return setup({
    types: {
      context: {} as UploadContext,
      events: {} as UploadEvent,
    },
    delays: { writeLimit: () => CALL_TIME_LIMITS.write },
    actors: {
      /** Injected: uploads input.file, reporting upload.progress / upload.done / upload.failed. */
      upload: fromCallback<UploadEvent, UploadInput>(({ sendBack }) => {
        sendBack({ type: 'upload.failed', error: new Error(`${options.id}: upload was not provided`) });
      }),
      /** Injected: deletes the stored file; resolves with the updated user. */
      remove: fromPromise<unknown, void>(async () => {
        throw new Error(`${options.id}: remove was not provided`);
      }),
    },
    actions: {
      choose: assign(({ event }) =>
        event.type === 'file.choose' ? { file: event.file, rejection: null, error: null } : {},
      ),
      reject: assign(({ context }) => ({ rejection: context.file ? options.check(context.file) : null })),
      clearFile: assign({ file: null, rejection: null, error: null, progress: noProgress }),
      startProgress: assign({ progress: noProgress, error: null }),
      setProgress: assign(({ event }) =>
        event.type === 'upload.progress' ? { progress: { loaded: event.loaded, total: event.total } } : {},
      ),
      setOutput: assign({ output: ({ event }) => (event as { output?: unknown }).output }),
      setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
      timeOut: assign({ error: () => new CallTimeoutError('The call was not answered in time') }),
      /** Injected: the new user into the cache, a success message. */
      onUploaded: () => {},
      /** Injected: the updated user into the cache, a success message. */
      onRemoved: () => {},
      /** Injected: report a failed removal. */
      onRemoveFailed: () => {},
    },
    guards: {
      isAccepted: ({ context }) => context.file !== null && options.check(context.file) === null,
    },
  });
}

export function createUploadMachine(options: UploadOptions) {
  // Another file, or none: from the preview, a failed upload or a refused file.
  const chooseOrCancel = {
    'file.choose': { target: 'checking', actions: 'choose' },
    'file.cancel': { target: 'idle', actions: 'clearFile' },
  } as const;
  return uploadSetup(options).createMachine({
    id: options.id,
    context: { file: null, rejection: null, progress: noProgress, error: null, output: undefined },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'file.choose': { target: 'checking', actions: 'choose' },
          'file.remove': { target: 'removing', actions: 'clearFile' },
        },
      },
      checking: {
        always: [
          { guard: 'isAccepted', target: 'previewing' },
          { target: 'rejected', actions: 'reject' },
        ],
      },
      previewing: { on: { 'file.upload': 'uploading', ...chooseOrCancel } },
      uploading: {
        entry: 'startProgress',
        invoke: {
          id: 'upload',
          src: 'upload',
          input: ({ context }) => ({ file: context.file as File }),
          onError: { target: 'failed', actions: 'setError' },
        },
        // Each report of progress restarts the time limit: a slow upload goes on, a stalled one ends.
        initial: 'sending',
        states: {
          sending: {
            after: { writeLimit: { target: `#${options.id}.failed`, actions: 'timeOut' } },
            on: { 'upload.progress': { target: 'sending', reenter: true, actions: 'setProgress' } },
          },
        },
        on: {
          'upload.done': { target: 'done', actions: 'setOutput' },
          'upload.failed': { target: 'failed', actions: 'setError' },
          // Stopping the uploader aborts the request; the chosen file stays.
          'file.cancel': { target: 'previewing', actions: 'startProgress' },
        },
      },
      failed: { on: { 'file.upload': 'uploading', ...chooseOrCancel } },
      rejected: { on: chooseOrCancel },
      removing: {
        invoke: {
          id: 'remove',
          src: 'remove',
          onDone: { target: 'idle', actions: ['setOutput', 'onRemoved'] },
          onError: { target: 'idle', actions: ['setError', 'onRemoveFailed'] },
        },
        after: { writeLimit: { target: 'idle', actions: ['timeOut', 'onRemoveFailed'] } },
      },
      done: {
        entry: 'onUploaded',
        always: { target: 'idle', actions: 'clearFile' },
      },
    },
  });
}

export type UploadMachine = ReturnType<typeof createUploadMachine>;
