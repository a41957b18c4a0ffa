import { USER_FORM_DIALOGS } from './admin/form-dialogs';
import type { AnyFormDialog } from './common/form-dialog';
import { ITEM_FORM_DIALOGS } from './items/form-dialogs';

/** Every form dialog: the registry, the model assertions and the UI walks loop over this list. */
export const FORM_DIALOGS: readonly AnyFormDialog[] = [...ITEM_FORM_DIALOGS, ...USER_FORM_DIALOGS];
