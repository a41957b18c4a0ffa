import { Checkbox, Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldOf, FormValues } from '../machines/form';
import { type FormBinding, type TextFieldName, useFieldProps } from './form';
import { checkboxRecipe, nativeSelectRecipe } from './recipes';

interface CheckboxFieldProps<V extends FormValues> {
  form: FormBinding<V>;
  name: FieldOf<V, boolean>;
  label: ReactNode;
}

/**
 * The native checkbox, transparent, over the box (md: 1.25rem, at the start, centred) instead of a 1px
 * clipped square somewhere else: a click on the box (a user's, or Playwright's `check()` at the input's
 * centre, also inside a scrolled dialog) lands on the input itself; the label text stays a label.
 */
const overTheBox = {
  clip: 'auto',
  width: '1.25rem',
  height: '1.25rem',
  top: '50%',
  left: 0,
  transform: 'translateY(-50%)',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  zIndex: 1,
} as const;

export function CheckboxField<V extends FormValues>({ form, name, label }: CheckboxFieldProps<V>) {
  const checked = form.context.values[name] === true;
  return (
    <Checkbox.Root
      recipe={checkboxRecipe}
      name={name}
      checked={checked}
      colorPalette="teal"
      onCheckedChange={(details) =>
        form.send({ type: 'form.change', field: name, value: (details.checked === true) as V[typeof name] })
      }
    >
      <Checkbox.HiddenInput style={overTheBox} onBlur={() => form.send({ type: 'form.blur', field: name })} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

interface SelectFieldProps<V extends FormValues> {
  form: FormBinding<V>;
  name: TextFieldName<V>;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

export function SelectField<V extends FormValues>({
  form,
  name,
  label,
  options,
  placeholder,
}: SelectFieldProps<V>) {
  const field = useFieldProps(form, name);
  return (
    <Field.Root invalid={field.invalid}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe}>
        <NativeSelect.Field
          name={name}
          value={field.value}
          onChange={(event) => field.change(event.currentTarget.value)}
          onBlur={field.blur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {field.error && <Field.ErrorText>{field.error}</Field.ErrorText>}
    </Field.Root>
  );
}
