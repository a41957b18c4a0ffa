import type { components } from './schema.d.ts';

type Schemas = components['schemas'];

/**
 * A list of every value of the union `U`, checked by the compiler both ways: a value the contract does
 * not have, or one it has and the list lacks (after `npm run generate:api`), does not compile.
 */
function everyValueOf<U extends string>() {
  return <const L extends readonly [U, ...U[]]>(list: L & ([U] extends [L[number]] ? unknown : never)): L =>
    list;
}

/** The contract's enums as values, in the document's order: the database enums and the forms use them. */
export const GENDERS = everyValueOf<Schemas['Gender']>()(['Male', 'Female']);
export const SUBSCRIPTION_TYPES = everyValueOf<Schemas['SubscriptionType']>()(['Free', 'Plan1', 'Plan2']);
