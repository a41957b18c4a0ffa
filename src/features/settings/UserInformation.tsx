import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { CURRENT_USER_KEY } from '../../api/queries';
import { updateUserMe } from '../../api/services';
import { profileMachine } from '../../machines/signed-in-flows';
import { PrimaryButton, TextField } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { AccountExtras } from '../account/AccountExtras';
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice';
import { useCurrentUser } from '../account/currentUser';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { LogoutEverywhere } from './LogoutEverywhere';
import { profilePayload, profileValues } from './payload';

/** My profile: full name and e-mail, read-only until Edit; Save only when changed with an e-mail. */
export function UserInformation() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [state, send] = useMachine(
    profileMachine.provide({
      actors: {
        submit: fromPromise(({ input: { values } }) => updateUserMe(profilePayload(values))),
      },
      actions: {
        onSuccess: () => {
          showSuccess('Success!', 'User updated successfully.');
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const editing = state.matches('editing');
  const form = { context: state.context, send };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <Box w={{ base: 'full', md: '50%' }} py={4}>
      <ConfirmEmailNotice showAddress={false} />
      <Heading as="h2" size="sm" py={4}>
        User Information
      </Heading>
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          {editing ? (
            <>
              <TextField form={form} name="full_name" label="Full name" maxW="sm" />
              <TextField form={form} name="email" label="Email" type="email" maxW="sm" required />
            </>
          ) : (
            <>
              <Box>
                <Text fontWeight="medium" fontSize="sm">
                  Full name
                </Text>
                <Text py={2} color={user?.full_name ? undefined : 'fg.muted'} truncate maxW="sm">
                  {user?.full_name || 'N/A'}
                </Text>
              </Box>
              <Box>
                <Text fontWeight="medium" fontSize="sm">
                  Email
                </Text>
                <Text py={2} truncate maxW="sm">
                  {user?.email}
                </Text>
              </Box>
            </>
          )}
          <Flex mt={2} gap={3}>
            {editing ? (
              <>
                <PrimaryButton
                  size="sm"
                  type="submit"
                  loading={state.matches({ editing: 'submitting' })}
                  disabled={!state.can({ type: 'form.submit' })}
                >
                  Save
                </PrimaryButton>
                <Button
                  size="sm"
                  variant="subtle"
                  colorPalette="gray"
                  disabled={state.matches({ editing: 'submitting' })}
                  onClick={() => send({ type: 'profile.cancel' })}
                >
                  Cancel
                </Button>
              </>
            ) : (
              <PrimaryButton
                size="sm"
                type="button"
                onClick={() => send({ type: 'profile.edit', values: profileValues(user) })}
              >
                Edit
              </PrimaryButton>
            )}
          </Flex>
        </Stack>
      </form>
      <AccountExtras />
      <LogoutEverywhere />
    </Box>
  );
}
