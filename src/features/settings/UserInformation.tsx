import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { CURRENT_USER_KEY } from '../../api/queries';
import { updateUserMe } from '../../api/services';
import type { UserPublic } from '../../api/types';
import { profileMachine } from '../../machines/signed-in-flows';
import { PROFILE_FORM } from '../../machines/signed-in-schemas';
import { PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { AccountExtras } from '../account/AccountExtras';
import { ConfirmEmailNotice } from '../account/ConfirmEmailNotice';
import { useCurrentUser } from '../account/currentUser';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { DeclaredFields } from '../common/DeclaredFields';
import { LogoutEverywhere } from './LogoutEverywhere';
import { profilePayload, profileValues } from './payload';

/** My profile (its declared fields), read-only until Edit; Save only when changed with an e-mail. */
export function UserInformation() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [state, send] = useMachine(
    profileMachine.provide({
      actors: {
        submit: fromPromise(({ input: { values }, signal }) => updateUserMe(profilePayload(values), signal)),
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
            <DeclaredFields form={form} fields={PROFILE_FORM} columns={1} placeholders={false} />
          ) : (
            <ProfileRows user={user} />
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

/** The profile read-only: each declared field's label and value ('N/A' for none). */
function ProfileRows({ user }: { user: UserPublic | undefined }) {
  return Object.entries(PROFILE_FORM).map(([name, field]) => {
    const value = user?.[name as keyof typeof PROFILE_FORM];
    return (
      <Box key={name}>
        <Text fontWeight="medium" fontSize="sm">
          {field.label}
        </Text>
        <Text py={2} color={value ? undefined : 'fg.muted'} truncate maxW="sm">
          {value || 'N/A'}
        </Text>
      </Box>
    );
  });
}
