import { Box, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useRef } from 'react';
import type { ConfirmationActor } from '../../machines/form-dialogs';
import { ConfirmDialog } from './FormDialog';

/**
 * The Delete confirmation for an item or a user: the record it deletes (`name`: an item's title, a user's
 * name and e-mail), then the spec's sentences in its order — 'Are you sure? …' and, for a user, that the
 * user's items go too.
 */
export function DeleteDialog<T, O>({
  actor,
  type,
  name,
  returnFocusRef,
}: {
  actor: ConfirmationActor<T, O>;
  type: 'Item' | 'User';
  name: (target: T) => ReactNode;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  // The record stays named while the dialog closes (the machine forgets it as it closes).
  const last = useRef<T | null>(null);
  if (target !== null) last.current = target;
  const shown = target ?? last.current;
  return (
    <ConfirmDialog
      actor={actor}
      title={`Delete ${type}`}
      submitLabel="Delete"
      danger
      returnFocusRef={returnFocusRef}
    >
      {shown !== null && (
        <Box
          borderWidth="1px"
          rounded="md"
          px={3}
          py={2}
          mb={3}
          bg="bg.subtle"
          overflowWrap="anywhere"
          data-testid="delete-record"
        >
          {name(shown)}
        </Box>
      )}
      <Text>Are you sure? You will not be able to undo this action.</Text>
      {type === 'User' && (
        <Text mt={2}>
          All items associated with this user will also be <strong>permanently deleted.</strong>
        </Text>
      )}
    </ConfirmDialog>
  );
}
