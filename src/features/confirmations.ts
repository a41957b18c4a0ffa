import { USER_CONFIRMATIONS } from './admin/confirmations';
import type { AnyConfirmation } from './common/confirmation';
import { ITEM_CONFIRMATIONS } from './items/confirmations';
import { SETTINGS_CONFIRMATIONS } from './settings/confirmations';

/**
 * Every confirmation dialog of the app (src/features/common/confirmation.ts). The statechart registry,
 * the model assertions, the property oracles and the UI walk loop over this list; a screen renders its
 * own area's list.
 */
export const CONFIRMATIONS: readonly AnyConfirmation[] = [
  ...SETTINGS_CONFIRMATIONS,
  ...ITEM_CONFIRMATIONS,
  ...USER_CONFIRMATIONS,
];
