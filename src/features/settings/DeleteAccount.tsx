import { Box, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../api/queries';
import { DangerButton } from '../../ui/form';
import { useSessionActor } from '../app/context';
import { ConfirmationDialog } from '../common/ConfirmationDialog';
import { useConfirmation } from '../common/useRowDialogs';
import { accountDeletionConfirmation } from './confirmations';

/** Danger zone: delete the account after the 'Confirmation Required' dialog. */
export function DeleteAccount() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const deletion = useConfirmation(accountDeletionConfirmation, () => {
    session.send({ type: 'session.logout' });
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  });

  return (
    <Box w={{ base: 'full', md: '50%' }} py={4}>
      <Heading as="h2" size="sm" py={4}>
        Delete Account
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Permanently delete your data and everything associated with your account.
      </Text>
      <DangerButton mt={4} onClick={() => deletion.send({ type: 'modal.open' })}>
        Delete
      </DangerButton>
      <ConfirmationDialog descriptor={accountDeletionConfirmation} actor={deletion} />
    </Box>
  );
}
