import { USER_FORM_DIALOGS } from './admin/form-dialogs';
import type { AnyFormDialog } from './common/form-dialog';
import { ITEM_FORM_DIALOGS } from './items/form-dialogs';

/**
 * Every form dialog, each described by a descriptor (src/features/common/form-dialog.ts). The statechart
 * registry, the model assertions and the UI walks loop over this list; a screen renders its own area's
 * dialogs (and another area's that it also opens: `alsoOn`).
 */
export const FORM_DIALOGS: readonly AnyFormDialog[] = [...ITEM_FORM_DIALOGS, ...USER_FORM_DIALOGS];
