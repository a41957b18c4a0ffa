import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { type ListName, PAGE_SIZES } from '../../api/paging';
import { MEGABYTE } from '../../machines/upload';
import { fakeFile } from './account-models';
import { labelled, listAnswer, type MachineModel } from './model-kit';

/**
 * What a property walk (tests/property) sends besides its machine's model events: samples at the edges of
 * the spec's rules, and the timers its callback actors run. Here, not beside the walks, so that the
 * viewer's replay of a walk's path (replay.ts) finds the same events by their labels.
 */

const set = (values: Record<string, unknown>, label: string): AnyEventObject =>
  labelled({ type: 'form.set', values }, label);

/** Samples at the edges of §5's rules (one character either side), per form. */
const FORM_BOUNDARIES: Record<string, AnyEventObject[]> = {
  signup: [
    set(
      { full_name: 'Abc', email: 'a@b.co', password: '12345678', confirm_password: '12345678' },
      'at the minimums',
    ),
    set({ full_name: 'Ab' }, 'full name of 2'),
    set({ password: '1234567', confirm_password: '1234567' }, 'password of 7'),
  ],
  resetPassword: [set({ new_password: '1234567', confirm_password: '1234567' }, 'password of 7')],
  changePassword: [
    set({ current_password: 'x', new_password: '1234567', confirm_password: '1234567' }, 'password of 7'),
  ],
  profile: [
    set({ full_name: 'x'.repeat(30) }, 'full name of 30'),
    set({ full_name: 'x'.repeat(31) }, 'full name of 31'),
    set({ email: '' }, 'no e-mail'),
  ],
  addUser: [
    set({ email: 'b@example.com', password: '1234567', confirm_password: '1234567' }, 'password of 7'),
  ],
  editUser: [set({ password: '1234567', confirm_password: '1234567' }, 'password of 7')],
  changeUserPassword: [set({ password: '1234567', confirm_password: '1234567' }, 'password of 7')],
  addItem: [set({ title: '', description: 'd' }, 'no title')],
  editItem: [set({ title: '' }, 'no title')],
};

/** An answer of `count` rows of a list of two full pages and a short one. */
const rows = (list: ListName, count: number): AnyEventObject => ({
  type: 'paging.loaded',
  list: listAnswer(count, 2 * PAGE_SIZES[list] + 2),
});
/** Boundary answers of a list: one row short of a full page, and none. */
const pagingBoundaries = (list: ListName) => [
  labelled(rows(list, PAGE_SIZES[list] - 1), 'one row short of a full page'),
  rows(list, 0),
  { type: 'paging.sync', page: 0 },
  { type: 'paging.sync', page: '2' },
];

const files = {
  profilePhoto: [
    fakeFile('limit.png', 'image/png', 5 * MEGABYTE),
    fakeFile('over.png', 'image/png', 5 * MEGABYTE + 1),
    fakeFile('PHOTO.PNG', '', 10),
    fakeFile('photo.png.exe', '', 10),
    fakeFile('photo.gif', 'image/gif', 10),
  ],
  assetUpload: [
    fakeFile('limit.bin', 'application/octet-stream', 20 * MEGABYTE),
    fakeFile('over.bin', '', 20 * MEGABYTE + 1),
  ],
};

const extras: Record<string, (snapshot: AnyMachineSnapshot) => AnyEventObject[]> = {
  itemsPaging: () => pagingBoundaries('items'),
  usersPaging: () => pagingBoundaries('users'),
  profilePhoto: () => files.profilePhoto.map((file) => ({ type: 'file.choose', file })),
  assetUpload: () => files.assetUpload.map((file) => ({ type: 'file.choose', file })),
  subscription: () => [
    { type: 'plan.choose', plan: 'Plan1' },
    { type: 'plan.choose', plan: 'Free' },
  ],
  confirmEmail: () => [
    { type: 'confirm.change', code: '12345' },
    { type: 'confirm.change', code: ' 12 34 56 7' },
  ],
};

/** Per machine, the extra samples a walk offers in a state. */
export const WALK_SAMPLES: Record<string, (snapshot: AnyMachineSnapshot) => AnyEventObject[]> = {
  ...extras,
  ...Object.fromEntries(
    Object.entries(FORM_BOUNDARIES).map(([machine, samples]) => [machine, () => samples]),
  ),
};

/** What a property walk offers in `snapshot`: the model's events and the walk's extra samples. */
export const walkOffered = (model: MachineModel, snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  ...model.events(snapshot),
  ...(WALK_SAMPLES[model.name]?.(snapshot) ?? []),
];

export interface WalkTiming {
  /** Events only the machine itself or an invoked actor sends (a walk never sends them). */
  internalEvents: string[];
  /** Callback actors that tick on the simulated clock: src → the event they send and every how many ms. */
  timers: Record<string, { event: string; everyMs: number }>;
}

export const WALK_TIMING: Record<string, WalkTiming> = {
  // The ticker sends confirm.tick each second on the simulated clock; confirm.sent is raised by the machine.
  confirmEmail: {
    internalEvents: ['confirm.tick', 'confirm.sent'],
    timers: { ticker: { event: 'confirm.tick', everyMs: 1000 } },
  },
};
