import { Box, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { CURRENT_USER_KEY } from '../../api/queries';
import { deleteUserMe } from '../../api/services';
import { accountDeletionMachine } from '../../machines/signed-in-flows';
import { DangerButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { useSessionActor } from '../app/context';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { ConfirmDialog } from '../common/FormDialog';

/** Danger zone: delete the account after the 'Confirmation Required' dialog. */
export function DeleteAccount() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const deletion = useActorRef(
    accountDeletionMachine.provide({
      actors: { submit: fromPromise(() => deleteUserMe()) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', 'Your account has been successfully deleted.');
          session.send({ type: 'session.logout' });
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );

  return (
    <Box w={{ base: 'full', md: '50%' }} py={4}>
      <Heading as="h2" size="sm" py={4}>
        Delete Account
      </Heading>
      <Text>Permanently delete your data and everything associated with your account.</Text>
      <DangerButton mt={4} onClick={() => deletion.send({ type: 'modal.open' })}>
        Delete
      </DangerButton>
      <ConfirmDialog actor={deletion} title="Confirmation Required" submitLabel="Confirm" danger>
        <Text>
          All your account data will be <strong>permanently deleted.</strong> If you are sure, please click{' '}
          <strong>"Confirm"</strong> to proceed. This action cannot be undone.
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
