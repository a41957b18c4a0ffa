import { Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import type { Message, UserPublic } from '../../api/types';
import type { ConfirmationActor } from '../../machines/form-dialogs';
import { ConfirmDialog } from '../common/FormDialog';

type UserConfirmation = ConfirmationActor<UserPublic, Message>;

const useTargetEmail = (actor: UserConfirmation) => useSelector(actor, (s) => s.context.target?.email ?? '');

/** A row's 'End sessions': the user is signed out on every device. */
export function EndSessionsDialog({
  actor,
  returnFocusRef,
}: {
  actor: UserConfirmation;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const email = useTargetEmail(actor);
  return (
    <ConfirmDialog
      actor={actor}
      title="End sessions"
      submitLabel="End sessions"
      danger
      returnFocusRef={returnFocusRef}
    >
      <Text>
        <strong>{email}</strong> will be logged out on every device and will need to log in again.
      </Text>
    </ConfirmDialog>
  );
}

/** A row's 'Unlock sign-in': clears the lockout after too many failed logins. */
export function UnlockDialog({
  actor,
  returnFocusRef,
}: {
  actor: UserConfirmation;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const email = useTargetEmail(actor);
  return (
    <ConfirmDialog
      actor={actor}
      title="Unlock sign-in"
      submitLabel="Unlock"
      danger
      returnFocusRef={returnFocusRef}
    >
      <Text>
        <strong>{email}</strong> may log in again at once, even after too many failed attempts. Make sure the
        attempts were their own.
      </Text>
    </ConfirmDialog>
  );
}
