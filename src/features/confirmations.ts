import { USER_CONFIRMATIONS } from './admin/confirmations';
import type { AnyConfirmation } from './common/confirmation';
import { ITEM_CONFIRMATIONS } from './items/confirmations';
import { SETTINGS_CONFIRMATIONS } from './settings/confirmations';

/** Every confirmation dialog of the app: the registry, model assertions, oracles and UI walk loop over it. */
export const CONFIRMATIONS: readonly AnyConfirmation[] = [
  ...SETTINGS_CONFIRMATIONS,
  ...ITEM_CONFIRMATIONS,
  ...USER_CONFIRMATIONS,
];
