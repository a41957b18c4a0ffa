/** A form value as the API body's text: a string field's text, '' for anything else. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** An optional text field for the API body: its text, or null when left empty. */
export function orNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
