import { Button, Flex, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { updateSubscriptionType } from '../../api/account';
import type { SubscriptionType } from '../../api/types';
import { PLANS, planLabel, subscriptionMachine } from '../../machines/subscription';
import { CheckIcon } from '../../ui/icons';
import { showSuccess } from '../../ui/toaster';
import { toastError } from '../app/errors';
import { inspect } from '../app/inspect';
import { DialogFrame } from '../common/FormDialog';
import { useCurrentUser, useStoreCurrentUser } from './currentUser';
import { ProfileSection } from './upload-flow';

/** My profile: the subscription plan ('Free', 'Plan 1', 'Plan 2'), changed after a confirmation. */
export function SubscriptionPlan() {
  const user = useCurrentUser();
  const store = useStoreCurrentUser();
  const [state, send] = useMachine(
    subscriptionMachine.provide({
      actors: { save: fromPromise(({ input, signal }) => updateSubscriptionType(input.plan, signal)) },
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
  return (
    <ProfileSection name="plan" title="Subscription plan">
      <Text mb={3}>
        Current plan: <strong>{planLabel(current)}</strong>
      </Text>
      <PlanCards current={current} onChoose={(plan) => send({ type: 'plan.choose', plan })} />
      <DialogFrame
        title="Change subscription plan"
        submitLabel="Confirm"
        open={!state.matches('viewing')}
        submitting={state.matches('saving')}
        canSubmit
        onSubmit={() => send({ type: 'plan.confirm' })}
        onClose={() => send({ type: 'plan.cancel' })}
      >
        <Text>
          Switch your plan from <strong>{planLabel(current)}</strong> to{' '}
          <strong>{planLabel(state.context.plan)}</strong>?
        </Text>
      </DialogFrame>
    </ProfileSection>
  );
}

/** A card per plan; the current one marked, the others with their Switch button. */
function PlanCards({
  current,
  onChoose,
}: {
  current: SubscriptionType;
  onChoose: (plan: SubscriptionType) => void;
}) {
  return (
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
              <Button size="sm" variant="outline" colorPalette="teal" onClick={() => onChoose(plan.value)}>
                Switch to {plan.label}
              </Button>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
