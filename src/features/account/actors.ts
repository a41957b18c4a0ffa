import { fromCallback } from 'xstate';
import { type UploadPath, uploadFile } from '../../api/account';
import type { UploadEvent, UploadInput } from '../../machines/upload';

/** The side-effect actors of the account machines (the machines hold placeholders). */

/** Sends `confirm.tick` once a second until stopped. */
export const everySecond = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'confirm.tick' }), 1000);
  return () => clearInterval(timer);
});

/** Uploads input.file to `path` with XMLHttpRequest; stopping the actor aborts the request. */
export function uploader(path: UploadPath) {
  return fromCallback<UploadEvent, UploadInput>(({ sendBack, input }) =>
    uploadFile(path, input.file, {
      onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
      onDone: (output) => sendBack({ type: 'upload.done', output }),
      onError: (error) => sendBack({ type: 'upload.failed', error }),
    }),
  );
}
