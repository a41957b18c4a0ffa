import type { RefObject } from 'react';
import type { ModalFormActor } from '../../machines/form-dialogs';
import { TextField } from '../../ui/form';
import { FormDialog } from '../common/FormDialog';

/** Add Item and Edit Item: title (required), description and SKU. */
export function ItemFormDialog({
  actor,
  title,
  returnFocusRef,
}: {
  actor: ModalFormActor;
  title: string;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog actor={actor} title={title} returnFocusRef={returnFocusRef}>
      {(form) => (
        <>
          <TextField form={form} name="title" label="Title" placeholder="Title" required />
          <TextField form={form} name="description" label="Description" placeholder="Description" />
          <TextField form={form} name="sku" label="SKU" placeholder="SKU" />
        </>
      )}
    </FormDialog>
  );
}
