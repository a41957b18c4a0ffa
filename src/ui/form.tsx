import {
  AbsoluteCenter,
  Button,
  type ButtonProps,
  chakra,
  Field,
  IconButton,
  Input,
  InputElement,
  type InputProps,
  Span,
  Spinner,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import {
  type FieldEvent,
  type FieldName,
  type FieldOf,
  type FieldsContext,
  type FormValues,
  fieldError,
} from '../machines/form';

// Drawn here rather than taken from src/ui/icons.tsx: this is the one icon /login shows, and Lucide's
// runtime (~1.5 kB gzip) would push /login's JavaScript over its budget.
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * What Chakra's `InputGroup` renders for an input with an end element (its `Group` recipe, the same
 * props in the same order, so the same element, class and CSS), without the rest of `InputGroup`: its
 * addons and `Group`'s child cloning for attached items, which this one case never uses, are ~1 kB of
 * /login's JavaScript budget (ARCHITECTURE.md).
 */
const EndElementGroup = chakra('div', {
  base: {
    display: 'inline-flex',
    gap: 'var(--group-gap, 0.5rem)',
    isolation: 'isolate',
    position: 'relative',
    '& [data-group-item]': { _focusVisible: { zIndex: 1 } },
  },
  variants: { orientation: { horizontal: { flexDirection: 'row' } } },
  defaultVariants: { orientation: 'horizontal' },
});

/** What a field needs of a form machine: its context and a way to send it the fields' events. */
export interface FormBinding<V extends FormValues = FormValues> {
  context: FieldsContext<V>;
  send: (event: FieldEvent<V>) => void;
}

/** The fields an input edits as text (a select's value is text too). */
export type TextFieldName<V> = FieldOf<V, string>;

/** The test id the template's specs find a field by: `new_password` is 'new-password-input'. */
const testId = (name: string) => `${name.replaceAll('_', '-')}-input`;

/** A text field's value (TypeScript cannot tell that a generic form's text field holds a string). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function useFieldProps<V extends FormValues>(form: FormBinding<V>, name: TextFieldName<V>) {
  const error = fieldError(form.context, name);
  return {
    value: text(form.context.values[name]),
    error,
    invalid: error !== undefined,
    // The DOM gives text; a select's text is one of its options, which the schema checks.
    change: (value: string) =>
      form.send({ type: 'form.change', field: name, value: value as V[typeof name] }),
    blur: () => form.send({ type: 'form.blur', field: name }),
  };
}

export interface TextFieldProps<V extends FormValues>
  extends Omit<InputProps, 'form' | 'name' | 'value' | 'onChange' | 'onBlur'> {
  form: FormBinding<V>;
  name: TextFieldName<V>;
  label: ReactNode;
  /** Mark a required field's label with '*' (default); off where every field of a form is required. */
  requiredMark?: boolean;
  helper?: ReactNode;
  /** Said under the field's error, apart from it (the error is the spec's text, letter for letter). */
  errorHint?: ReactNode;
}

/** A field's label, '*' after it when marked. */
function FieldLabel({ label, mark }: { label: ReactNode; mark?: boolean }) {
  return (
    <Field.Label>
      {label}
      {mark && <Field.RequiredIndicator />}
    </Field.Label>
  );
}

export function TextField<V extends FormValues>({
  form,
  name,
  label,
  requiredMark = true,
  helper,
  errorHint,
  required,
  ...input
}: TextFieldProps<V>) {
  const field = useFieldProps(form, name);
  return (
    <Field.Root invalid={field.invalid} required={required}>
      <FieldLabel label={label} mark={required && requiredMark} />
      <Input
        name={name}
        data-testid={testId(name)}
        value={field.value}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
        {...input}
      />
      {helper && !field.error && <Field.HelperText>{helper}</Field.HelperText>}
      {field.error && <Field.ErrorText>{field.error}</Field.ErrorText>}
      {field.error && errorHint && <Field.HelperText>{errorHint}</Field.HelperText>}
    </Field.Root>
  );
}

export interface PasswordFieldProps<V extends FormValues>
  extends Omit<TextFieldProps<V>, 'type' | 'helper' | 'errorHint'> {
  /** An error to show below the field besides the validation error (e.g. a failed login). */
  extraError?: string | null;
}

/** A password input with a show/hide toggle. */
export function PasswordField<V extends FormValues>({
  form,
  name,
  label,
  requiredMark = true,
  required,
  extraError,
  ...input
}: PasswordFieldProps<V>) {
  const field = useFieldProps(form, name);
  const [visible, setVisible] = useState(false);
  const error = field.error ?? extraError ?? undefined;
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <FieldLabel label={label} mark={required && requiredMark} />
      <EndElementGroup alignItems="center" justifyContent="flex-start" width="full" className="chakra-group">
        <Input
          // InputGroup's room for its end element.
          pe="calc(var(--input-height) - 0px)"
          name={name}
          data-testid={testId(name)}
          type={visible ? 'text' : 'password'}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          onBlur={field.blur}
          {...input}
        />
        <InputElement placement="end">
          <IconButton
            variant="ghost"
            size="xs"
            me="-2"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </IconButton>
        </InputElement>
      </EndElementGroup>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * A button that shows a spinner while `loading`. Chakra's own `loading` hides the label with
 * `visibility: hidden`, which also takes the button's name from screen readers (a busy 'Save' is announced
 * as a nameless button); here the label only turns transparent under the spinner, so it keeps its size
 * and its name, and `aria-busy` says it is working.
 */
export function BusyButton({ loading, children, ...props }: ButtonProps) {
  // Chakra still marks the button loading (disabled, data-loading); without a spinner of its own it
  // leaves the children as they are.
  return (
    <Button {...props} loading={loading} spinner={null} aria-busy={loading || undefined}>
      {loading ? (
        <>
          <AbsoluteCenter display="inline-flex">
            <Spinner size="inherit" borderWidth="0.125em" color="inherit" />
          </AbsoluteCenter>
          <Span opacity={0} display="inline-flex" alignItems="center" gap="inherit">
            {children}
          </Span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The teal primary button. */
export function PrimaryButton(props: ButtonProps) {
  return <BusyButton variant="solid" colorPalette="teal" {...props} />;
}

/** The red danger button. */
export function DangerButton(props: ButtonProps) {
  return <BusyButton variant="solid" colorPalette="red" {...props} />;
}

/**
 * A form's controls by field name. A field list written `{ … } satisfies FormFields<Values>` does not
 * compile while a field of the form's schema is missing from it, or while it names one the form lacks.
 */
export type FormFields<V> = Record<FieldName<V>, ReactNode>;

interface NewPasswordOptions {
  /** Edit User's pair is optional: left empty, the password stays as it is. */
  required?: boolean;
  /** The server's refusal of the new password (e.g. a breached one), shown on the field. */
  refusal?: string | null;
}

/** The 'Set Password' and 'Confirm Password' pair of every form that sets a new password, in that order. */
export function NewPasswordFields<
  V extends FormValues & { confirm_password: string },
  N extends TextFieldName<V> & ('password' | 'new_password'),
>({ form, name, required = true, refusal }: { form: FormBinding<V>; name: N } & NewPasswordOptions) {
  return (
    <>
      <PasswordField
        form={form}
        name={name}
        label="Set Password"
        placeholder="Set Password"
        autoComplete="new-password"
        required={required}
        extraError={refusal}
      />
      <PasswordField
        form={form}
        // A text field of every form that has it (V's constraint), which a generic V does not show.
        name={'confirm_password' as TextFieldName<V>}
        label="Confirm Password"
        // The template's specs find this field by 'Repeat Password' (its label is 'Confirm Password').
        placeholder="Repeat Password"
        autoComplete="new-password"
        required={required}
      />
    </>
  );
}
