import type { FormEvent } from 'react';

/** A form's submit handler: `save`, then focus the first invalid field, so keyboard users land on what to fix. */
export function saveThenFocusError(save: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
    const form = event.currentTarget;
    requestAnimationFrame(() => {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };
}
