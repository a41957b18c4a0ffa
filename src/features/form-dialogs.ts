import type { AnyFormDialog } from './common/form-dialog';
import { ITEM_FORM_DIALOGS } from './items/form-dialogs';

/**
 * Every form dialog described by a descriptor (src/features/common/form-dialog.ts). The statechart
 * registry, the model assertions and the UI walks loop over this list; a screen renders its own
 * area's dialogs. (Add/Edit User and Change Password are still registered by hand.)
 */
export const FORM_DIALOGS: readonly AnyFormDialog[] = [...ITEM_FORM_DIALOGS];
