import type { RefObject } from 'react';
import type { ItemPublic } from '../../api/types';
import type { ModalFormActor } from '../../machines/form-dialogs';
import { ITEM_FORM, type ItemValues } from '../../machines/signed-in-schemas';
import { DeclaredFields } from '../common/DeclaredFields';
import { FormDialog } from '../common/FormDialog';
import type { FormDialogDescriptor } from '../common/form-dialog';

/** Add Item and Edit Item: the item's declared fields (openapi/fields.ts); the title from the descriptor. */
export function ItemFormDialog<T>({
  actor,
  descriptor: { screen },
  returnFocusRef,
}: {
  actor: ModalFormActor<ItemValues, T, ItemPublic>;
  descriptor: FormDialogDescriptor<ItemValues, T, ItemPublic>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef}>
      {(form) => <DeclaredFields form={form} fields={ITEM_FORM} columns={1} />}
    </FormDialog>
  );
}
