import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { FieldDeclaration } from '../../../openapi/fields';
import type { FormDeclaration } from '../../machines/declared';
import { type FieldOf, type FormValues, fieldError } from '../../machines/form';
import { type FormBinding, PasswordField, TextField, type TextFieldName } from '../../ui/form';
import { CheckboxField, SelectField } from '../../ui/form-choice';

type Choices = ReadonlyArray<{ value: string; label: string }>;

export interface DeclaredFieldsProps<V extends FormValues> {
  form: FormBinding<V>;
  /** The form's fields, typed by its values: every field of the form is drawn, none can be left out. */
  fields: FormDeclaration<V>;
  /** Grid columns from `md` up (one below). */
  columns?: 1 | 2;
  /** Fields without the required mark that their declaration gives (a password an edit may leave empty). */
  optional?: readonly (keyof V)[];
  /** An error to show below a field besides its validation error (a refused password). */
  refusals?: { [K in keyof V]?: string | null };
  /** A choice's labels (default: its values). */
  choices?: { [K in keyof V]?: Choices };
  /** Text fields without a placeholder (default: their label). */
  placeholders?: boolean;
}

const inputType = { email: 'email', tel: 'tel', date: 'date' } as const;

/** A form's fields drawn from their declaration: inputs in a grid, the password pair on a row, then switches. */
export function DeclaredFields<V extends FormValues>({
  form,
  fields,
  columns = 2,
  optional = [],
  refusals = {},
  choices = {},
  placeholders = true,
}: DeclaredFieldsProps<V>) {
  const entries = Object.entries(fields) as [keyof V & string, FieldDeclaration][];
  const draw = ([name, field]: [keyof V & string, FieldDeclaration]) => {
    const { kind, label } = field;
    if (kind === 'flag')
      return <CheckboxField key={name} form={form} name={name as FieldOf<V, boolean>} label={label} />;
    const textName = name as TextFieldName<V>;
    if (kind === 'choice')
      return (
        <SelectField
          key={name}
          form={form}
          name={textName}
          label={label}
          options={choices[name] ?? (field.options ?? []).map((value) => ({ value, label: value }))}
          placeholder={field.nullable ? 'Not set' : undefined}
        />
      );
    const required = !field.nullable && !optional.includes(name);
    const placeholder = placeholders && kind !== 'date' ? label : undefined;
    if (kind === 'password')
      return (
        <PasswordField
          key={name}
          form={form}
          name={textName}
          label={label}
          placeholder={placeholder}
          autoComplete="new-password"
          required={required}
          extraError={refusals[name]}
        />
      );
    // A malformed e-mail whose rule has no message (the admin forms': the spec hides 'Invalid email
    // address' there) would be a red border alone: the field then shows the expected form as its hint.
    const unexplained = kind === 'email' && fieldError(form.context, name) === '';
    return (
      <TextField
        key={name}
        form={form}
        name={textName}
        label={label}
        type={kind === 'text' ? undefined : inputType[kind]}
        placeholder={placeholder}
        required={required}
        helper={unexplained ? 'An e-mail address looks like name@example.com.' : undefined}
      />
    );
  };
  const of = (kinds: (kind: FieldDeclaration['kind']) => boolean) =>
    entries.filter(([, field]) => kinds(field.kind)).map(draw);
  const grid = { columns: { base: 1, md: columns }, gap: 4 } as const;
  const inputs = of((kind) => kind !== 'password' && kind !== 'flag');
  const passwords = of((kind) => kind === 'password');
  const flags = of((kind) => kind === 'flag');
  return (
    <>
      {inputs.length > 0 && <SimpleGrid {...grid}>{inputs}</SimpleGrid>}
      {passwords.length > 0 && <SimpleGrid {...grid}>{passwords}</SimpleGrid>}
      {flags.length > 0 && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: 2, sm: 6 }} wrap="wrap">
          {flags}
        </Stack>
      )}
    </>
  );
}
