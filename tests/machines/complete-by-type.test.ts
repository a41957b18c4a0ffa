import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EventFrom } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import type { NewUserRow } from '../../server/db/schema.ts';
import { changedColumns, type EveryField, type FieldColumns } from '../../server/http/fields.ts';
import { ITEM_UPDATE_COLUMNS, toItemPublic } from '../../server/items/handlers.ts';
import type { ItemValues } from '../../server/items/repository.ts';
import { PROFILE_COLUMNS, USER_UPDATE_COLUMNS } from '../../server/users/handlers.ts';
import type { PresentUser } from '../../server/users/public.ts';
import {
  addUserPayload,
  editUserPayload,
  editUserValues,
  setPasswordPayload,
} from '../../src/features/admin/payload';
import { loginPayload, resetPasswordPayload, signupPayload } from '../../src/features/auth/payload';
import { noFieldLeft } from '../../src/features/common/form-values';
import { itemPayload, itemValues } from '../../src/features/items/payload';
import { changePasswordPayload, profilePayload, profileValues } from '../../src/features/settings/payload';
import type { loginSchema, resetPasswordSchema, signupSchema } from '../../src/machines/schemas';
import type { editItemMachine, editUserMachine, profileMachine } from '../../src/machines/signed-in-flows';
import type {
  addItemSchema,
  addUserSchema,
  changePasswordSchema,
  editItemSchema,
  editUserSchema,
  profileSchema,
  setPasswordSchema,
} from '../../src/machines/signed-in-schemas';

/**
 * Mappings complete by type, both sides. The `@ts-expect-error` lines are the proof: `npx tsc --noEmit
 * -p .` checks this file, and fails if one of them compiles (the mechanism would let a field through).
 */

type Schemas = components['schemas'];

describe('client: every form body is built by a payload function that takes every field', () => {
  it("each builder takes exactly its form schema's values", () => {
    expectTypeOf(loginPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof loginSchema>>();
    expectTypeOf(itemPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof addItemSchema>>();
    expectTypeOf(itemPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof editItemSchema>>();
    expectTypeOf(profilePayload).parameter(0).toEqualTypeOf<v.InferInput<typeof profileSchema>>();
    expectTypeOf(signupPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof signupSchema>>();
    expectTypeOf(resetPasswordPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof resetPasswordSchema>>();
    expectTypeOf(changePasswordPayload)
      .parameter(0)
      .toEqualTypeOf<v.InferInput<typeof changePasswordSchema>>();
    // The admin's three dialogs (src/features/admin/form-dialogs.ts).
    expectTypeOf(addUserPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof addUserSchema>>();
    expectTypeOf(editUserPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof editUserSchema>>();
    expectTypeOf(setPasswordPayload).parameter(0).toEqualTypeOf<v.InferInput<typeof setPasswordSchema>>();
    expectTypeOf(setPasswordPayload).returns.toEqualTypeOf<Schemas['UserUpdate']>();
    expectTypeOf(loginPayload).returns.toEqualTypeOf<import('../../src/api/types').LoginBody>();
    expectTypeOf(profilePayload).returns.toEqualTypeOf<Schemas['UserUpdateMe']>();
    expectTypeOf(signupPayload).returns.toEqualTypeOf<Schemas['UserRegister']>();
    expectTypeOf(resetPasswordPayload).returns.toEqualTypeOf<Schemas['NewPassword']>();
    expectTypeOf(changePasswordPayload).returns.toEqualTypeOf<Schemas['UpdatePassword']>();
  });

  it('a field the form gains and the builder does not take is a compile error', () => {
    // The builders destructure their fields and hand the rest to noFieldLeft, which takes only `{}`.
    const grown = { full_name: 'Ann', email: 'ann@example.com', nickname: 'annie' };
    const { full_name, email, ...rest } = grown;
    // @ts-expect-error `nickname` is left over: the builder has not said what becomes of it.
    noFieldLeft(rest);
    const { nickname: _taken, ...none } = rest;
    noFieldLeft(none);
    expect(profilePayload({ full_name, email })).toEqual({ full_name, email });
  });

  it('the builders send what the form holds (the confirmation only had to match)', () => {
    const password = 'a-password-1';
    // The login body is the spec's two fields: no OAuth2 grant_type, scope or client credentials.
    expect(loginPayload({ username: 'ann@example.com', password })).toEqual({
      username: 'ann@example.com',
      password,
    });
    expect(itemPayload({ title: 'A lamp', description: '', sku: 'L-1' })).toEqual({
      title: 'A lamp',
      description: null,
      sku: 'L-1',
    });
    expect(
      signupPayload({ full_name: 'Ann Lee', email: 'ann@example.com', password, confirm_password: password }),
    ).toEqual({ full_name: 'Ann Lee', email: 'ann@example.com', password });
    expect(resetPasswordPayload({ new_password: password, confirm_password: password }, 'the-token')).toEqual(
      {
        new_password: password,
        token: 'the-token',
      },
    );
    expect(
      changePasswordPayload({
        current_password: 'old-pass-1',
        new_password: password,
        confirm_password: password,
      }),
    ).toEqual({ current_password: 'old-pass-1', new_password: password });
    // The admin's Change Password sends the new password alone (a PATCH of the user).
    expect(setPasswordPayload({ password, confirm_password: password })).toEqual({ password });
    // The admin and item builders are the same mechanism.
    expectTypeOf(addUserPayload).returns.toEqualTypeOf<import('../../src/api/types').UserCreateBody>();
    expectTypeOf(editUserPayload).returns.toEqualTypeOf<Schemas['UserUpdate']>();
    expectTypeOf(itemPayload).returns.toEqualTypeOf<Schemas['ItemCreate']>();
  });
});

describe('client: what opens a form carries every field', () => {
  type OpenEvent<E> = Extract<E, { type: 'modal.open' | 'profile.edit' }>;
  type OpenedValues<E> = NonNullable<OpenEvent<E> extends { values?: infer V } ? V : never>;

  it('open-dialog and edit events take complete values, as the screens build them', () => {
    expectTypeOf<OpenedValues<EventFrom<typeof editItemMachine>>>().toEqualTypeOf<
      v.InferInput<typeof editItemSchema>
    >();
    expectTypeOf<OpenedValues<EventFrom<typeof editUserMachine>>>().toEqualTypeOf<
      v.InferInput<typeof editUserSchema>
    >();
    expectTypeOf<OpenedValues<EventFrom<typeof profileMachine>>>().toEqualTypeOf<
      v.InferInput<typeof profileSchema>
    >();
    expectTypeOf(itemValues).returns.toEqualTypeOf<v.InferInput<typeof editItemSchema>>();
    expectTypeOf(editUserValues).returns.toEqualTypeOf<v.InferInput<typeof editUserSchema>>();
    expectTypeOf(profileValues).returns.toEqualTypeOf<v.InferInput<typeof profileSchema>>();
  });

  it('an opener that misses a field is a compile error', () => {
    const opened: EventFrom<typeof editItemMachine> = {
      type: 'modal.open',
      // @ts-expect-error `sku` is missing: partial values would leave the field at its default.
      values: { title: 'Old title', description: '' },
    };
    const complete: EventFrom<typeof editItemMachine> = {
      type: 'modal.open',
      values: { title: 'Old title', description: '', sku: '' },
    };
    expect([opened, complete]).toHaveLength(2);
  });
});

describe('server: presenters and update tables name every contract field', () => {
  it('the presenters return every field of their schema, optional ones too', () => {
    expectTypeOf<ReturnType<PresentUser>>().toEqualTypeOf<EveryField<Schemas['UserPublic']>>();
    expectTypeOf(toItemPublic).returns.toEqualTypeOf<EveryField<Schemas['ItemPublic']>>();
    // An optional field the contract gains and the presenter leaves out:
    type GrownItem = Schemas['ItemPublic'] & { colour?: string | null };
    const presented = { id: 'i', title: 't', description: null, sku: null, owner_id: 'o', created_at: 'c' };
    // @ts-expect-error `colour` is not presented.
    const incomplete: EveryField<GrownItem> = presented;
    const complete: EveryField<GrownItem> = { ...presented, colour: null };
    expect([incomplete, complete]).toHaveLength(2);
  });

  it('an update table names every field of its body, each with a column of its type', () => {
    expectTypeOf(PROFILE_COLUMNS).toMatchTypeOf<FieldColumns<Schemas['UserUpdateMe'], NewUserRow>>();
    expectTypeOf(USER_UPDATE_COLUMNS).toMatchTypeOf<FieldColumns<Schemas['UserUpdate'], NewUserRow>>();
    const { gender: _gender, ...withoutGender } = PROFILE_COLUMNS;
    // @ts-expect-error an unmapped optional field (`gender`) is a compile error.
    const unmapped: FieldColumns<Schemas['UserUpdateMe'], NewUserRow> = withoutGender;
    const mistyped: FieldColumns<Schemas['UserUpdateMe'], NewUserRow> = {
      ...PROFILE_COLUMNS,
      // @ts-expect-error a column of another type: full_name (text) cannot set is_active (a boolean).
      full_name: 'isActive',
    };
    expect([unmapped, mistyped]).toHaveLength(2);
  });

  it('changedColumns: a field left out leaves its column; null clears it; a field the handler sets is skipped', () => {
    expect(
      changedColumns<Schemas['UserUpdateMe'], NewUserRow>(PROFILE_COLUMNS, {
        full_name: null,
        phone: '+1 555',
        email: 'x@example.com',
      }),
    ).toEqual({
      fullName: null,
      phone: '+1 555',
    });
    expect(
      changedColumns<Schemas['UserUpdate'], NewUserRow>(USER_UPDATE_COLUMNS, {
        is_active: false,
        password: 'secret-1',
        subscription_type: 'Plan1',
      }),
    ).toEqual({ isActive: false, subscriptionType: 'Plan1' });
    expect(
      changedColumns<Schemas['ItemUpdate'], ItemValues>(ITEM_UPDATE_COLUMNS, {
        title: 'kept by the handler',
        description: null,
      }),
    ).toEqual({
      description: null,
    });
  });
});
