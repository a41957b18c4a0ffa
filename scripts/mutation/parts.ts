/**
 * The parts of a mutation run by parts: each file Stryker mutates, with the machines whose walks run for
 * it (`WALK_MACHINES`). Narrower tests only make more mutants survive, so a score by parts is a lower bound.
 */
const PAGE_FORMS = ['signup', 'login', 'recoverPassword', 'resetPassword'];
const SIGNED_IN_FORMS = [
  'profile',
  'changePassword',
  'addItem',
  'editItem',
  'addUser',
  'editUser',
  'changeUserPassword',
];
const CONFIRMATIONS = [
  'accountDeletion',
  'logoutEverywhere',
  'deleteItem',
  'endUserSessions',
  'unlockUser',
  'deleteUser',
];
const DIALOGS = SIGNED_IN_FORMS.filter((name) => name !== 'changePassword');
const PAGING = ['itemsPaging', 'usersPaging'];

export interface MutationPart {
  file: string;
  machines: string[] | 'all';
}

/** In the order they are run: the statecharts first. */
export const MUTATION_PARTS: MutationPart[] = [
  { file: 'src/machines/session.ts', machines: ['session'] },
  { file: 'src/machines/paging.ts', machines: PAGING },
  { file: 'src/machines/form.ts', machines: [...PAGE_FORMS, ...SIGNED_IN_FORMS, ...CONFIRMATIONS] },
  { file: 'src/machines/form-dialogs.ts', machines: [...DIALOGS, ...CONFIRMATIONS] },
  { file: 'src/machines/upload.ts', machines: ['profilePhoto', 'assetUpload'] },
  { file: 'src/machines/confirm-email.ts', machines: ['confirmEmail'] },
  { file: 'src/machines/subscription.ts', machines: ['subscription'] },
  { file: 'src/machines/appearance.ts', machines: ['appearance'] },
  { file: 'src/machines/flows.ts', machines: PAGE_FORMS.filter((name) => name !== 'login') },
  { file: 'src/machines/login-flow.ts', machines: ['login'] },
  { file: 'src/machines/signed-in-flows.ts', machines: SIGNED_IN_FORMS },
  { file: 'src/machines/profile-photo.ts', machines: ['profilePhoto'] },
  { file: 'src/machines/asset-upload.ts', machines: ['assetUpload'] },
  { file: 'src/machines/schemas.ts', machines: [...PAGE_FORMS, ...SIGNED_IN_FORMS] },
  { file: 'src/machines/login-schema.ts', machines: [...PAGE_FORMS, ...SIGNED_IN_FORMS] },
  { file: 'src/machines/signed-in-schemas.ts', machines: SIGNED_IN_FORMS },
  { file: 'src/machines/refusals.ts', machines: 'all' },
  // Every mutant here is ignored (scripts/mutation/requirements-ignorer.mjs): listed so that the merge
  // names the file measured.
  { file: 'src/machines/requirements.ts', machines: ['session'] },
  { file: 'src/api/refusal.ts', machines: 'all' },
  { file: 'src/api/paging.ts', machines: PAGING },
];

/** Where a part's reports go (stryker.config.mjs reads the same rule). */
export const partReportBase = (file: string) => `reports/mutation/parts/${file.replaceAll('/', '__')}.`;
