import { Text } from '@chakra-ui/react';
import type { RefObject } from 'react';
import type { ConfirmationActor } from '../../machines/form-dialogs';
import { ConfirmDialog } from './FormDialog';

/** The Delete confirmation for an item or a user. */
export function DeleteDialog<T, O>({
  actor,
  type,
  returnFocusRef,
}: {
  actor: ConfirmationActor<T, O>;
  type: 'Item' | 'User';
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <ConfirmDialog
      actor={actor}
      title={`Delete ${type}`}
      submitLabel="Delete"
      danger
      returnFocusRef={returnFocusRef}
    >
      <Text>
        {type === 'User' && (
          <>
            All items associated with this user will also be <strong>permanently deleted.</strong>{' '}
          </>
        )}
        Are you sure? You will not be able to undo this action.
      </Text>
    </ConfirmDialog>
  );
}
