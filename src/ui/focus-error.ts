import type { FormEvent } from 'react';

/**
 * A form's submit handler: `save`, then focus the first field marked invalid, so keyboard and
 * screen-reader users land on what to fix (after React has rendered the errors the submit revealed).
 */
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
