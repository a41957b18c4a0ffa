import * as v from 'valibot';
import type { FieldDeclaration } from '../../openapi/fields';
import { EMAIL_PATTERN, MSG } from './schemas';

/** A form of declared fields (openapi/fields.ts): values, rules, defaults, labels and body derived from it. */
type Declarations = Record<string, FieldDeclaration>;

/** The fields of `F` that form `Form` edits. */
export type FormFieldName<F extends Declarations, Form extends string> = {
  [K in keyof F]: Form extends F[K]['forms'][number] ? K : never;
}[keyof F] &
  string;

/** What a form holds for a field: a flag's boolean, a choice's value ('' for none), else its text. */
export type FieldValueOf<D> = D extends { kind: 'flag' }
  ? boolean
  : D extends { options: readonly (infer O)[] }
    ? D extends { nullable: true }
      ? O | ''
      : O
    : string;

/** The values of a form of declared fields `D`. */
export type DeclaredValues<D> = { -readonly [K in keyof D & string]: FieldValueOf<D[K]> };

/** A form's fields as a descriptor typed by the form's values: each field's declaration. */
export type FormDeclaration<V> = { readonly [K in keyof V & string]: FieldDeclaration };

/** The declarations of the fields `form` edits, in the declaration's order (`first` before the rest). */
export function declaredForm<F extends Declarations, Form extends string>(
  fields: F,
  form: Form,
  first: readonly FormFieldName<F, Form>[] = [],
): Pick<F, FormFieldName<F, Form>> {
  const names = Object.keys(fields).filter((name) => fields[name]?.forms.includes(form));
  const ordered = [...first, ...names.filter((name) => !first.includes(name as FormFieldName<F, Form>))];
  return Object.fromEntries(ordered.map((name) => [name, fields[name]])) as Pick<F, FormFieldName<F, Form>>;
}

/** Each field's label (a text field's placeholder too). */
export const labelsOf = <D extends Declarations>(form: D) =>
  Object.fromEntries(Object.entries(form).map(([name, field]) => [name, field.label])) as {
    readonly [K in keyof D & string]: string;
  };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A field's rule from its declaration: its limit (message from its label), a date's shape, a choice's values. */
function ruleOf(field: FieldDeclaration, required?: string): v.GenericSchema<string | boolean> {
  if (field.kind === 'flag') return v.boolean();
  if (field.kind === 'choice') return v.picklist([...(field.nullable ? [''] : []), ...(field.options ?? [])]);
  if (field.kind === 'date')
    return v.pipe(
      v.string(),
      v.check((value) => value === '' || ISO_DATE.test(value), 'Invalid date'),
    );
  const { max, label } = field;
  type Action = v.PipeItem<string, string, v.BaseIssue<unknown>>;
  const actions: Action[] = [
    ...(required === undefined ? [] : [v.nonEmpty<string, string>(required)]),
    ...(field.kind === 'email' ? [v.regex(EMAIL_PATTERN, MSG.emailInvalid)] : []),
    ...(max === undefined
      ? []
      : [v.maxLength<string, number, string>(max, `${label} must be at most ${max} characters`)]),
  ];
  return v.pipe(v.string(), ...(actions as [Action]));
}

/** A form's valibot entries from its declaration; `rules` replaces a field's rule where the form has its own. */
export function declaredEntries<
  D extends Declarations,
  R extends { [K in keyof D]?: v.GenericSchema<FieldValueOf<D[K]>> } = object,
>(form: D, { required = {}, rules = {} as R }: { required?: { [K in keyof D]?: string }; rules?: R } = {}) {
  const entries = Object.fromEntries(
    Object.entries(form).map(([name, field]) => [name, rules[name] ?? ruleOf(field, required[name])]),
  );
  return entries as {
    [K in keyof D & string]: K extends keyof R ? R[K] : v.GenericSchema<FieldValueOf<D[K]>>;
  };
}

/** A new form's values: no text, no choice (or a required choice's first), flags off. */
export function defaultsOf<D extends Declarations>(form: D): DeclaredValues<D> {
  return Object.fromEntries(
    Object.entries(form).map(([name, field]) => [
      name,
      field.kind === 'flag' ? false : field.kind === 'choice' && !field.nullable ? field.options?.[0] : '',
    ]),
  ) as DeclaredValues<D>;
}

/** The form opened on a record: its values (null as empty), a password empty. */
export function openedOn<D extends Declarations>(form: D, record: object): DeclaredValues<D> {
  const values = record as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(form).map(([name, field]) => [
      name,
      field.kind === 'password' ? '' : (values[name] ?? defaultsOf({ [name]: field })[name]),
    ]),
  ) as DeclaredValues<D>;
}

/** What a form sends for a field: an empty nullable one as null. */
type Sent<D, Value> = D extends { nullable: true } ? Exclude<Value, ''> | null : Value;

/** The body a form sends: every field but a confirmation; an empty nullable text null; an empty password left out. */
export function payloadOf<D extends Declarations>(form: D, values: DeclaredValues<D>) {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(form)) {
    const value = values[name] as string | boolean;
    if (name === 'confirm_password' || (field.kind === 'password' && value === '')) continue;
    body[name] = field.nullable && value === '' ? null : value;
  }
  return body as {
    [K in Exclude<keyof D & string, 'confirm_password'>]: Sent<D[K], DeclaredValues<D>[K]>;
  };
}
