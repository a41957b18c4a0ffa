import { Box, Heading, Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { logoutEverywhere } from '../../api/services';
import { logoutEverywhereMachine } from '../../machines/signed-in-flows';
import { DangerButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { useSessionActor } from '../app/context';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { ConfirmDialog } from '../common/FormDialog';

/**
 * My profile → Sessions: "Log out everywhere" after a confirmation. Every session of the account ends
 * on the server (every device, this one too), so this one signs out as well.
 */
export function LogoutEverywhere() {
  const session = useSessionActor();
  const logout = useActorRef(
    logoutEverywhereMachine.provide({
      actors: { submit: fromPromise(() => logoutEverywhere()) },
      actions: {
        onSuccess: () => {
          showSuccess('Success', 'You are logged out on every device.');
          session.send({ type: 'session.logout' });
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );

  return (
    <Box py={4}>
      <Heading as="h2" size="sm" py={4}>
        Sessions
      </Heading>
      <Text>Signed in on a device you no longer use, or lost one? End every session of your account.</Text>
      <DangerButton mt={4} size="sm" onClick={() => logout.send({ type: 'modal.open' })}>
        Log out everywhere
      </DangerButton>
      <ConfirmDialog actor={logout} title="Log out everywhere" submitLabel="Confirm" danger>
        <Text>
          You will be logged out on <strong>every device</strong>, this one included, and will need to log in
          again.
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
