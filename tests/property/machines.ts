import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ListName } from '../../src/api/paging';
import { fakeFile } from '../../src/qa/statecharts/account-models';
import { labelled, type MachineModel } from '../../src/qa/statecharts/model-kit';
import { MODELS } from '../../src/qa/statecharts/models';
import { listPaging } from '../support/paging';
import type { PropertyMachine } from './harness';
import { accountOracles } from './oracles/account';
import { appearanceOracles } from './oracles/appearance';
import { FORM_SPECS, formOracles } from './oracles/forms';
import { pagingOracles } from './oracles/paging';
import { sessionOracles } from './oracles/session';
import type { Oracle } from './oracles/types';

/**
 * Every machine of the registry (src/qa/statecharts/models.ts) with its spec oracles and the boundary
 * samples its model lacks. A machine added to the registry without oracles fails the property tests.
 */

const MEGABYTE = 1024 * 1024;
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
  list: {
    data: Array.from({ length: count }, (_, index) => ({ id: `row-${index + 1}` })),
    count: listPaging(list).rows(2, 2),
  },
});
/** Boundary answers of a list: one row short of a full page, and none. */
const pagingBoundaries = (list: ListName) => [
  labelled(rows(list, listPaging(list).pageSize - 1), 'one row short of a full page'),
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

function oraclesOf(model: MachineModel): Oracle[] | undefined {
  if (model.name === 'session') return sessionOracles;
  if (model.name === 'appearance') return appearanceOracles;
  if (model.name === 'itemsPaging' || model.name === 'usersPaging') return pagingOracles;
  if (FORM_SPECS[model.name]) return formOracles(model.name);
  return accountOracles[model.name];
}

export function propertyMachine(model: MachineModel): PropertyMachine {
  const oracles = oraclesOf(model);
  if (!oracles) throw new Error(`${model.name}: no oracles (add them in tests/property/oracles)`);
  const boundaries = FORM_BOUNDARIES[model.name];
  return {
    model,
    oracles,
    extraEvents: boundaries ? () => boundaries : extras[model.name],
    // The ticker sends confirm.tick each second on the simulated clock; confirm.sent is raised by the machine.
    ...(model.name === 'confirmEmail'
      ? {
          internalEvents: ['confirm.tick', 'confirm.sent'],
          timers: { ticker: { event: 'confirm.tick', everyMs: 1000 } },
          runsFactor: 5,
        }
      : {}),
  };
}

export const PROPERTY_MACHINES: PropertyMachine[] = MODELS.map(propertyMachine);
