import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../http/errors.ts';

// zxcvbn-ts's ~49,000 most breached passwords that pass the 8-character minimum; built on first use.
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (dictionary['passwords-common'] as string[]).filter((p) => p.length >= 8).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_DETAIL =
  'This password is too common and appears in lists of breached passwords. Choose a different one.';

export function rejectCommonPassword(password: string) {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_DETAIL);
}
