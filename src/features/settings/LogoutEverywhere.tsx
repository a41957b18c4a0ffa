import { Box, Heading, Text } from '@chakra-ui/react';
import { DangerButton } from '../../ui/form';
import { useSessionActor } from '../app/context';
import { ConfirmationDialog } from '../common/ConfirmationDialog';
import { useConfirmation } from '../common/useRowDialogs';
import { logoutEverywhereConfirmation } from './confirmations';

/** My profile → Sessions: "Log out everywhere" after a confirmation (this session ends too). */
export function LogoutEverywhere() {
  const session = useSessionActor();
  const logout = useConfirmation(logoutEverywhereConfirmation, () =>
    session.send({ type: 'session.logout' }),
  );

  return (
    <Box py={4}>
      <Heading as="h2" size="sm" py={4}>
        Sessions
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Signed in on a device you no longer use, or lost one? End every session of your account.
      </Text>
      {/* Outlined: the solid red is the Danger zone's, for what cannot be undone. */}
      <DangerButton mt={4} size="sm" variant="outline" onClick={() => logout.send({ type: 'modal.open' })}>
        Log out everywhere
      </DangerButton>
      <ConfirmationDialog descriptor={logoutEverywhereConfirmation} actor={logout} />
    </Box>
  );
}
