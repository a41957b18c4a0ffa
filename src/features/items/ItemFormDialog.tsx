import type { RefObject } from 'react';
import type { ItemPublic } from '../../api/types';
import type { ModalFormActor } from '../../machines/form-dialogs';
import type { ItemValues } from '../../machines/signed-in-schemas';
import { type FormFields, TextField } from '../../ui/form';
import { FormDialog } from '../common/FormDialog';

/** Add Item and Edit Item: title (required), description and SKU. */
export function ItemFormDialog<T>({
  actor,
  title,
  returnFocusRef,
}: {
  actor: ModalFormActor<ItemValues, T, ItemPublic>;
  title: string;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog actor={actor} title={title} returnFocusRef={returnFocusRef}>
      {(form) => {
        const field = {
          title: <TextField form={form} name="title" label="Title" placeholder="Title" required />,
          description: (
            <TextField form={form} name="description" label="Description" placeholder="Description" />
          ),
          sku: <TextField form={form} name="sku" label="SKU" placeholder="SKU" />,
        } satisfies FormFields<ItemValues>;
        return (
          <>
            {field.title}
            {field.description}
            {field.sku}
          </>
        );
      }}
    </FormDialog>
  );
}
