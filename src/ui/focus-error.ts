/**
 * After a Save that found errors, focus the first field marked invalid, so keyboard and screen-reader
 * users land on what to fix. Runs after React has rendered the errors the submit revealed.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
