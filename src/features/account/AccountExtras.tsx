import { Separator } from '@chakra-ui/react';
import { separatorRecipe } from '../../ui/recipes';
import { AssetSection } from './AssetSection';
import { ProfilePhoto } from './ProfilePhoto';
import { SubscriptionPlan } from './SubscriptionPlan';

/** The account extras of My profile, below the user information: photo, asset, subscription plan. */
export function AccountExtras() {
  return (
    <>
      <Separator recipe={separatorRecipe} mt={6} />
      <ProfilePhoto />
      <Separator recipe={separatorRecipe} />
      <AssetSection />
      <Separator recipe={separatorRecipe} />
      <SubscriptionPlan />
    </>
  );
}
