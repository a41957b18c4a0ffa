import { Box, Button, CloseButton, Dialog, Flex, Heading, Portal, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { updateSubscriptionType } from '../../api/account';
import { PLANS, planLabel, subscriptionMachine } from '../../machines/subscription';
import { CheckIcon } from '../../ui/icons';
import { dialogRecipe } from '../../ui/recipes';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { DialogActions } from '../common/FormDialog';
import { useCurrentUser, useStoreCurrentUser } from './currentUser';
import { useSectionId } from './upload-flow';

/** My profile: the subscription plan ('Free', 'Plan 1', 'Plan 2'), changed after a confirmation. */
export function SubscriptionPlan() {
  const user = useCurrentUser();
  const store = useStoreCurrentUser();
  const [state, send] = useMachine(
    subscriptionMachine.provide({
      actors: { save: fromPromise(({ input }) => updateSubscriptionType(input.plan)) },
      actions: {
        onSaved: ({ context }) => {
          store(context.output);
          showSuccess('Success!', `Your plan is now ${planLabel(context.plan)}.`);
        },
        onFailure: ({ context }) => toastError(context.error),
      },
    }),
    { inspect },
  );
  const current = user?.subscription_type ?? 'Free';
  const open = !state.matches('viewing');
  const saving = state.matches('saving');
  const heading = useSectionId('plan');
  return (
    <Box as="section" aria-labelledby={heading} py={4}>
      <Heading as="h2" size="sm" py={4} id={heading}>
        Subscription plan
      </Heading>
      <Text mb={3}>
        Current plan: <strong>{planLabel(current)}</strong>
      </Text>
      <Flex as="ul" listStyleType="none" gap={3} direction={{ base: 'column', sm: 'row' }}>
        {PLANS.map((plan) => {
          const isCurrent = plan.value === current;
          return (
            <Flex
              as="li"
              key={plan.value}
              flex="1"
              direction={{ base: 'row', sm: 'column' }}
              align={{ base: 'center', sm: 'flex-start' }}
              justify="space-between"
              gap={2}
              borderWidth={isCurrent ? '2px' : '1px'}
              borderColor={isCurrent ? 'ui.main' : 'border'}
              rounded="md"
              p={3}
            >
              {/* The line above names the current plan; its card is marked, not labelled again. */}
              <Flex as="span" align="center" gap={2} fontWeight="bold" aria-current={isCurrent || undefined}>
                {plan.label}
                {isCurrent && <CheckIcon color="var(--chakra-colors-teal-fg)" />}
              </Flex>
              {!isCurrent && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="teal"
                  onClick={() => send({ type: 'plan.choose', plan: plan.value })}
                >
                  Switch to {plan.label}
                </Button>
              )}
            </Flex>
          );
        })}
      </Flex>
      <Dialog.Root
        recipe={dialogRecipe}
        open={open}
        onOpenChange={(details) => {
          if (!details.open && !saving) send({ type: 'plan.cancel' });
        }}
        size={{ base: 'xs', md: 'md' }}
        placement="center"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px={4}>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Change subscription plan</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>
                  Switch your plan from <strong>{planLabel(current)}</strong> to{' '}
                  <strong>{planLabel(state.context.plan)}</strong>?
                </Text>
              </Dialog.Body>
              <DialogActions
                submitLabel="Confirm"
                busy={saving}
                onSubmit={() => send({ type: 'plan.confirm' })}
                onCancel={() => send({ type: 'plan.cancel' })}
              />
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={saving} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
