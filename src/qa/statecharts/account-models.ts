import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../api/api-error';
import { NetworkError } from '../../api/errors';
import { assetUploadMachine } from '../../machines/asset-upload';
import { type ConfirmEmailContext, confirmEmailMachine } from '../../machines/confirm-email';
import { profilePhotoMachine } from '../../machines/profile-photo';
import { subscriptionMachine } from '../../machines/subscription';
import { MEGABYTE } from '../../machines/upload';
import {
  API_FAILURES,
  actorOutcomes,
  detail,
  labelled,
  type MachineModel,
  runningInvokes,
  timeoutEvents,
} from './model-kit';

/** The test models of the account extras: e-mail confirmation, profile photo, asset and subscription plan. */

const confirmedUser = {
  id: 'user-1',
  email: 'alice@example.com',
  full_name: 'Alice Example',
  is_active: true,
  is_superuser: false,
  is_email_confirmed: true,
  subscription_type: 'Free',
};

const network = () => new NetworkError('Failed to fetch');

/** The answers of check_confirm_email and resend_confirm_email (server/users/extras.ts). */
export const CONFIRM_FAILURES = {
  check: [
    { label: 'wrong code', error: detail(400, 'Invalid confirmation code. 4 tries left.') },
    { label: 'expired', error: detail(400, 'The confirmation code has expired. Ask for a new code.') },
    { label: 'too many tries', error: detail(400, 'Too many wrong codes. Ask for a new code.') },
    { label: 'already confirmed', error: detail(400, 'Email is already confirmed') },
    { label: '429 rate limit', error: detail(429, 'Too many requests, try again later') },
    { label: '500', error: new ApiError(500, 'Internal Server Error') },
    { label: 'network failure', error: network() },
  ],
  resend: [
    {
      label: '429 wait 42 s',
      error: Object.assign(detail(429, 'Please wait 42 seconds before asking for a new code.'), {
        retryAfter: 42,
      }),
    },
    { label: '429 wait 1 s', error: detail(429, 'Please wait 1 seconds before asking for a new code.') },
    { label: 'already confirmed', error: detail(400, 'Email is already confirmed') },
    { label: '500', error: new ApiError(500, 'Internal Server Error') },
    { label: 'network failure', error: network() },
  ],
};

const confirmEmailModel: MachineModel = {
  name: 'confirmEmail',
  group: 'Account',
  machine: confirmEmailMachine,
  inputs: [{ label: 'start' }],
  actors: { checkCode: 'promise', resendCode: 'promise', ticker: 'callback' },
  // Guards read the length of the code and the seconds left: both abstracted into the key.
  key: (snapshot) => {
    const context = snapshot.context as ConfirmEmailContext;
    const code = context.code === '' ? 'empty' : context.code.length === 6 ? 'complete' : 'partial';
    const cooling = snapshot.matches({ active: { resend: 'coolingDown' } });
    return `${code},${cooling ? (context.cooldown > 1 ? 'wait' : 'last second') : '-'}`;
  },
  // With both calls running, which time limit ends first depends on when each call started, which
  // the state does not tell: neither is taken there (each is, from every other state of its region).
  events: (snapshot) => {
    const events = confirmEvents(snapshot);
    const both = ['checkCode', 'resendCode'].every((id) => runningInvokes(snapshot).includes(id));
    return both ? events.filter((event) => !event.type.startsWith('xstate.after.')) : events;
  },
};

function confirmEvents(snapshot: AnyMachineSnapshot) {
  return [
    labelled({ type: 'confirm.change', code: '' }, 'cleared'),
    labelled({ type: 'confirm.change', code: 'a12' }, 'partial code'),
    labelled({ type: 'confirm.change', code: '123456' }, 'six digits'),
    { type: 'confirm.submit' },
    { type: 'confirm.resend' },
    ...(runningInvokes(snapshot).includes('ticker') ? [{ type: 'confirm.tick' }] : []),
    ...actorOutcomes(snapshot, 'checkCode', confirmedUser, CONFIRM_FAILURES.check),
    ...actorOutcomes(
      snapshot,
      'resendCode',
      { message: 'A new confirmation code was sent to your email' },
      CONFIRM_FAILURES.resend,
    ),
  ];
}

/** A File as the browser gives it, with the size the check should see (no bytes are allocated). */
export function fakeFile(name: string, type: string, size: number): File {
  return Object.defineProperty(new File([], name, { type }), 'size', { value: size });
}

function uploadModel(
  name: string,
  machine: MachineModel['machine'],
  files: { label: string; file: File }[],
  failures: { label: string; error: unknown }[],
): MachineModel {
  const user = { ...confirmedUser, profile_photo_url: '/api/v1/files/profile-photo/user-1?v=1' };
  return {
    name,
    group: 'Account',
    machine,
    inputs: [{ label: 'start' }],
    actors: { upload: 'callback', remove: 'promise' },
    events: (snapshot) => {
      const uploading = runningInvokes(snapshot).includes('upload');
      return [
        ...files.map(({ label, file }) => labelled({ type: 'file.choose', file }, label)),
        { type: 'file.upload' },
        { type: 'file.cancel' },
        { type: 'file.remove' },
        ...(uploading
          ? [
              labelled({ type: 'upload.progress', loaded: 512, total: 1024 }, 'half'),
              labelled({ type: 'upload.done', output: user }, 'user'),
              ...failures.map(({ label, error }) => labelled({ type: 'upload.failed', error }, label)),
              labelled({ type: 'xstate.error.actor.upload', error: new Error('uploader crashed') }, 'crash'),
              ...timeoutEvents(snapshot),
            ]
          : []),
        ...actorOutcomes(snapshot, 'remove', { ...user, profile_photo_url: null }, API_FAILURES),
      ];
    },
  };
}

const uploadFailures = (extra: { label: string; error: unknown }[]) => [
  ...extra,
  { label: '400 empty', error: detail(400, 'The file is empty') },
  { label: '401', error: detail(401, 'Could not validate credentials') },
  { label: '500', error: new ApiError(500, 'Internal Server Error') },
  { label: 'network failure', error: network() },
];

const subscriptionModel: MachineModel = {
  name: 'subscription',
  group: 'Account',
  machine: subscriptionMachine,
  inputs: [{ label: 'start' }],
  actors: { save: 'promise' },
  events: (snapshot) => [
    labelled({ type: 'plan.choose', plan: 'Plan2' }, 'Plan 2'),
    { type: 'plan.confirm' },
    { type: 'plan.cancel' },
    ...actorOutcomes(snapshot, 'save', { ...confirmedUser, subscription_type: 'Plan2' }, API_FAILURES),
  ],
};

export const ACCOUNT_MODELS: MachineModel[] = [
  confirmEmailModel,
  uploadModel(
    'profilePhoto',
    profilePhotoMachine,
    [
      { label: 'PNG', file: fakeFile('photo.png', 'image/png', 2048) },
      { label: 'text file', file: fakeFile('notes.txt', 'text/plain', 100) },
      { label: 'too large', file: fakeFile('huge.jpg', 'image/jpeg', 6 * MEGABYTE) },
      { label: 'empty', file: fakeFile('empty.webp', 'image/webp', 0) },
    ],
    uploadFailures([
      {
        label: '415 not an image',
        error: detail(415, 'The profile photo must be a PNG, JPEG or WebP image'),
      },
      { label: '413 too large', error: detail(413, 'File too large: the limit is 5 MB') },
    ]),
  ),
  uploadModel(
    'assetUpload',
    assetUploadMachine,
    [
      { label: 'PDF', file: fakeFile('report.pdf', 'application/pdf', 300_000) },
      { label: 'too large', file: fakeFile('video.mp4', 'video/mp4', 21 * MEGABYTE) },
      { label: 'empty', file: fakeFile('empty.txt', 'text/plain', 0) },
    ],
    uploadFailures([{ label: '413 too large', error: detail(413, 'File too large: the limit is 20 MB') }]),
  ),
  subscriptionModel,
];
