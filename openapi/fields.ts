import { GENDERS, SUBSCRIPTION_TYPES } from './enums.ts';
import { PHONE_MAX, TEXT_MAX } from './limits.ts';

/**
 * Each entity's fields, declared once (kind, label, limit, null, the forms that edit it in their order on
 * screen): the contract, the columns, the server's maps and the SPA's forms are derived from it
 * (ARCHITECTURE.md › A field on an entity). Plain values only: the SPA's signed-in forms import it.
 */

export type FieldKind = 'text' | 'email' | 'tel' | 'date' | 'choice' | 'flag' | 'password';

export interface FieldDeclaration {
  readonly kind: FieldKind;
  /** Its label (a text field's placeholder too): the template's tests find fields by it. */
  readonly label: string;
  /** The longest text the contract, the database column and the forms accept. */
  readonly max?: number;
  /** May be null in the contract and the column; a form's empty text is sent as null. */
  readonly nullable?: boolean;
  /** A choice's values (the contract's enum, named by `enum`). */
  readonly options?: readonly string[];
  readonly enum?: string;
  /** The forms that edit it. */
  readonly forms: readonly string[];
  /** One of the profile's optional fields: in every user shape of the contract, a column of its own. */
  readonly profile?: true;
}

/** A user: the account (admin forms) and the profile (the user's own form, and the admin's Edit User). */
export const USER_FIELDS = {
  email: { kind: 'email', label: 'Email', max: TEXT_MAX, forms: ['addUser', 'editUser', 'profile'] },
  full_name: {
    kind: 'text',
    label: 'Full name',
    max: TEXT_MAX,
    nullable: true,
    forms: ['addUser', 'editUser', 'profile'],
  },
  major: { kind: 'text', label: 'Major', max: TEXT_MAX, nullable: true, profile: true, forms: ['editUser'] },
  phone: { kind: 'tel', label: 'Phone', max: PHONE_MAX, nullable: true, profile: true, forms: ['editUser'] },
  birth_date: { kind: 'date', label: 'Birth date', nullable: true, profile: true, forms: ['editUser'] },
  gender: {
    kind: 'choice',
    label: 'Gender',
    enum: 'Gender',
    options: GENDERS,
    nullable: true,
    profile: true,
    forms: ['editUser'],
  },
  subscription_type: {
    kind: 'choice',
    label: 'Subscription type',
    enum: 'SubscriptionType',
    options: SUBSCRIPTION_TYPES,
    forms: ['editUser'],
  },
  password: { kind: 'password', label: 'Set Password', forms: ['addUser', 'editUser', 'setPassword'] },
  confirm_password: {
    kind: 'password',
    label: 'Confirm Password',
    forms: ['addUser', 'editUser', 'setPassword'],
  },
  is_superuser: { kind: 'flag', label: 'Is superuser?', forms: ['addUser', 'editUser'] },
  is_active: { kind: 'flag', label: 'Is active?', forms: ['addUser', 'editUser'] },
  is_email_confirmed: { kind: 'flag', label: 'Is e-mail confirmed?', forms: ['editUser'] },
} as const satisfies Record<string, FieldDeclaration>;

export const ITEM_FIELDS = {
  title: { kind: 'text', label: 'Title', max: TEXT_MAX, forms: ['item'] },
  description: { kind: 'text', label: 'Description', max: TEXT_MAX, nullable: true, forms: ['item'] },
  sku: { kind: 'text', label: 'SKU', max: TEXT_MAX, nullable: true, forms: ['item'] },
} as const satisfies Record<string, FieldDeclaration>;

export type UserFields = typeof USER_FIELDS;

/** The names of the profile's optional fields. */
export type ProfileField = {
  [K in keyof UserFields]: UserFields[K] extends { profile: true } ? K : never;
}[keyof UserFields];

export const PROFILE_FIELDS = (Object.keys(USER_FIELDS) as (keyof UserFields)[]).filter(
  (name): name is ProfileField => 'profile' in USER_FIELDS[name],
);

/** "birth_date" → "birthDate": a field's name as the database row's property. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
export const camel = <S extends string>(name: S): Camel<S> =>
  name.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase()) as Camel<S>;
