import type { RefObject } from 'react';
import type { ItemPublic } from '../../api/types';
import type { ModalFormActor } from '../../machines/form-dialogs';
import type { ItemValues } from '../../machines/signed-in-schemas';
import { type FormFields, TextField } from '../../ui/form';
import { FormDialog } from '../common/FormDialog';
import type { FormDialogDescriptor } from '../common/form-dialog';

/** Add Item and Edit Item: title (required), description and SKU; title and labels from the descriptor. */
export function ItemFormDialog<T>({
  actor,
  descriptor: { screen },
  returnFocusRef,
}: {
  actor: ModalFormActor<ItemValues, T, ItemPublic>;
  descriptor: FormDialogDescriptor<ItemValues, T, ItemPublic>;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { labels } = screen;
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef}>
      {(form) => {
        const field = {
          title: (
            <TextField form={form} name="title" label={labels.title} placeholder={labels.title} required />
          ),
          description: (
            <TextField
              form={form}
              name="description"
              label={labels.description}
              placeholder={labels.description}
            />
          ),
          sku: <TextField form={form} name="sku" label={labels.sku} placeholder={labels.sku} />,
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
