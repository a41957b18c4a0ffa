import { useSelector } from '@xstate/react';
import { type RefObject, useRef } from 'react';
import type { ModalFormActor } from '../../machines/form-dialogs';
import { SET_PASSWORD_FORM, type SetPasswordValues } from '../../machines/signed-in-schemas';
import { RecordBox } from './ConfirmationDialog';
import { DeclaredFields } from './DeclaredFields';
import { FormDialog, useFieldRefusal } from './FormDialog';
import type { FormDialogDescriptor } from './form-dialog';

/** The admin's 'Change Password' form (titled 'Edit User'), on a user or on /items an item (the quirk). */
export function ChangePasswordDialog<T, O>({
  actor,
  descriptor: { screen },
  returnFocusRef,
  record,
}: {
  actor: ModalFormActor<SetPasswordValues, T, O>;
  descriptor: FormDialogDescriptor<SetPasswordValues, T, O>;
  returnFocusRef?: RefObject<HTMLElement | null>;
  record?: (target: T) => { name: string; detail?: string };
}) {
  const refusal = useFieldRefusal(actor, 'password');
  // The record stays named while the dialog closes (the machine forgets it as it closes).
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  const last = useRef<T | null>(null);
  if (target !== null) last.current = target;
  const named = last.current !== null && record ? record(last.current) : undefined;
  return (
    <FormDialog actor={actor} title={screen.title} returnFocusRef={returnFocusRef}>
      {(form) => (
        <>
          {named && <RecordBox record={named} />}
          <DeclaredFields
            form={form}
            fields={SET_PASSWORD_FORM}
            columns={1}
            refusals={{ password: refusal }}
          />
        </>
      )}
    </FormDialog>
  );
}
