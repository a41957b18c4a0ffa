import { Box, Field, Flex, Heading, Input, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { checkConfirmEmail, resendConfirmEmail } from '../../api/account';
import { errorMessage } from '../../api/errors';
import type { UserPublic } from '../../api/types';
import { CODE_LENGTH, confirmEmailMachine } from '../../machines/confirm-email';
import { BusyButton, PrimaryButton } from '../../ui/form';
import { showSuccess } from '../../ui/toaster';
import { inspect } from '../app/inspect';
import { everySecond } from './actors';
import { useCurrentUser, useStoreCurrentUser } from './currentUser';

/** Shown while the e-mail is not confirmed; `showAddress={false}` where the form already says it (specs find it by exact text). */
export function ConfirmEmailNotice({ showAddress = true }: { showAddress?: boolean }) {
  const user = useCurrentUser();
  if (!user || user.is_email_confirmed) return null;
  return <Notice user={user} showAddress={showAddress} />;
}

/** The notice's machine, its calls and toasts; a confirmation stores the confirmed user. */
function useConfirmEmail(user: UserPublic) {
  const store = useStoreCurrentUser();
  const [state, send] = useMachine(
    confirmEmailMachine.provide({
      actors: {
        // A call the machine gave up on (its time limit) is cancelled through the actor's signal.
        checkCode: fromPromise(({ input, signal }) => checkConfirmEmail(input.code, signal)),
        resendCode: fromPromise<unknown, void>(({ signal }) => resendConfirmEmail(signal)),
        ticker: everySecond,
      },
      actions: {
        onConfirmed: ({ context }) => {
          showSuccess('Success!', 'Your email address is confirmed.');
          store(context.user);
        },
        onResent: () => showSuccess('Email sent.', `We sent a new confirmation code to ${user.email}.`),
      },
    }),
    { inspect },
  );
  return { state, send };
}

type ConfirmEmail = ReturnType<typeof useConfirmEmail>;

/** The notice's panel, tinted as its tone (dark orange is brown: a neutral panel with a coloured edge when dark). */
const panel = (tone: 'success' | 'warning') => ({
  borderWidth: '1px',
  borderColor: tone === 'success' ? 'ui.success' : 'border.warning',
  bg: `bg.${tone}`,
  _dark: { bg: 'bg.muted', borderInlineStartWidth: '4px' },
  rounded: 'md',
  p: 4,
  my: 4,
});

function Notice({ user, showAddress }: { user: UserPublic; showAddress: boolean }) {
  const confirm = useConfirmEmail(user);
  if (confirm.state.matches('confirmed')) {
    return (
      <Box role="status" {...panel('success')}>
        Your email address is confirmed.
      </Box>
    );
  }
  return (
    <Box as="section" {...panel('warning')} maxW="2xl">
      <Heading as="h2" size="sm" mb={1} _dark={{ color: 'fg.warning' }}>
        Confirm your email address
      </Heading>
      <Text fontSize="sm" mb={3} overflowWrap="anywhere">
        {showAddress ? (
          <>
            We sent a 6-digit code to <strong>{user.email}</strong>. Enter it here to confirm your address.
          </>
        ) : (
          'We sent a 6-digit code to the email address below. Enter it here to confirm your address.'
        )}
      </Text>
      <CodeForm {...confirm} />
      <Resend {...confirm} />
    </Box>
  );
}

/** The code, Confirm, and why a code was refused. */
function CodeForm({ state, send }: ConfirmEmail) {
  const codeState = (name: 'checking' | 'wrong' | 'expired') => state.matches({ active: { code: name } });
  const checking = codeState('checking');
  const problem = codeState('wrong') || codeState('expired') ? errorMessage(state.context.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'confirm.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Field.Root invalid={problem !== null} w={{ base: 'full', sm: '44' }}>
          <Field.Label>Confirmation code</Field.Label>
          <Input
            name="confirm_code"
            value={state.context.code}
            onChange={(event) => send({ type: 'confirm.change', code: event.target.value })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            placeholder="123456"
            letterSpacing="0.3em"
            fontFamily="mono"
            bg="bg"
            readOnly={checking}
          />
        </Field.Root>
        <PrimaryButton type="submit" loading={checking} disabled={!state.can({ type: 'confirm.submit' })}>
          Confirm
        </PrimaryButton>
      </Flex>
      {problem && (
        <Text role="alert" color="fg.error" fontSize="sm" mt={2}>
          {problem}
        </Text>
      )}
    </form>
  );
}

/** Resend code, its cool-down, and why a resend failed. */
function Resend({ state, send }: ConfirmEmail) {
  const resendState = (name: 'resending' | 'coolingDown' | 'failed') =>
    state.matches({ active: { resend: name } });
  const { cooldown, sent } = state.context;
  return (
    <Flex mt={3} gap={3} align="center" wrap="wrap">
      <BusyButton
        size="sm"
        variant="outline"
        colorPalette="teal"
        bg="bg"
        loading={resendState('resending')}
        disabled={!state.can({ type: 'confirm.resend' })}
        onClick={() => send({ type: 'confirm.resend' })}
      >
        Resend code
      </BusyButton>
      {resendState('coolingDown') && (
        <Text fontSize="sm" color="fg.muted" data-testid="resend-cooldown">
          {sent ? 'A new code is on its way. ' : ''}You can ask for another code in {cooldown}{' '}
          {cooldown === 1 ? 'second' : 'seconds'}.
        </Text>
      )}
      {resendState('failed') && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {errorMessage(state.context.resendError)}
        </Text>
      )}
    </Flex>
  );
}
