import { Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import type { Message, UserPublic } from '../../api/types';
import type { ConfirmationActor } from '../../machines/form-dialogs';
import { ConfirmDialog } from '../common/FormDialog';

type UserConfirmation = ConfirmationActor<UserPublic, Message>;

interface UserDialogProps {
  actor: UserConfirmation;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** A confirmation about the row's user: the address in bold, then what the action does. */
function UserConfirmDialog({
  title,
  submitLabel,
  consequence,
  actor,
  returnFocusRef,
}: UserDialogProps & { title: string; submitLabel: string; consequence: string }) {
  const email = useSelector(actor, (s) => s.context.target?.email ?? '');
  return (
    <ConfirmDialog
      actor={actor}
      title={title}
      submitLabel={submitLabel}
      danger
      returnFocusRef={returnFocusRef}
    >
      <Text>
        <strong>{email}</strong> {consequence}
      </Text>
    </ConfirmDialog>
  );
}

/** A row's 'End sessions': the user is signed out on every device. */
export const EndSessionsDialog = (props: UserDialogProps) => (
  <UserConfirmDialog
    {...props}
    title="End sessions"
    submitLabel="End sessions"
    consequence="will be logged out on every device and will need to log in again."
  />
);

/** A row's 'Unlock sign-in': clears the lockout after too many failed logins. */
export const UnlockDialog = (props: UserDialogProps) => (
  <UserConfirmDialog
    {...props}
    title="Unlock sign-in"
    submitLabel="Unlock"
    consequence="may log in again at once, even after too many failed attempts. Make sure the attempts were their own."
  />
);
