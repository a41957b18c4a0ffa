import type { SubscriptionType } from '../../api/types';

export const SUBSCRIPTION_LABELS: Record<SubscriptionType, string> = {
  Free: 'Free',
  Plan1: 'Plan 1',
  Plan2: 'Plan 2',
};

export const SUBSCRIPTION_OPTIONS = (Object.keys(SUBSCRIPTION_LABELS) as SubscriptionType[]).map((value) => ({
  value,
  label: SUBSCRIPTION_LABELS[value],
}));

export const GENDER_OPTIONS = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];
