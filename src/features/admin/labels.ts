import { GENDERS } from '../../../openapi/enums';
import { PLANS } from '../../machines/subscription';

/** The Edit User dialog's choices: every plan and gender the contract has. */
export const SUBSCRIPTION_OPTIONS = PLANS;
export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: value }));
