import { Text } from '@chakra-ui/react';
import type { RefObject } from 'react';
import type { ModalFormActor } from '../../machines/form';
import { FormDialog } from './FormDialog';

/** The Delete confirmation for an item or a user. */
export function DeleteDialog({
  actor,
  type,
  returnFocusRef,
}: {
  actor: ModalFormActor;
  type: 'Item' | 'User';
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog
      actor={actor}
      title={`Delete ${type}`}
      submitLabel="Delete"
      danger
      returnFocusRef={returnFocusRef}
    >
      {() => (
        <Text>
          {type === 'User' && (
            <>
              All items associated with this user will also be <strong>permanently deleted.</strong>{' '}
            </>
          )}
          Are you sure? You will not be able to undo this action.
        </Text>
      )}
    </FormDialog>
  );
}
