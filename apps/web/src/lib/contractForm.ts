import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '../api/http';
import { apiErrorText } from '../api/errors';
import { focusFirstError, reasonToken, serverFieldErrors, zodValidate, type ErrorToken } from './validation';

/** What a failed save shows next to the form: a title, and (rarely) a line under it. */
export interface SaveFailure {
  title: string;
  message: string | null;
}

/**
 * The field errors of a failed save, by the server's structure (never its English text): a 400's
 * issues by path and code, and an error that names its `field` (a 409 `email_taken`) by reason.
 */
export function serverErrors(error: unknown, values?: unknown): Record<string, ErrorToken> {
  if (!isApiError(error)) return {};
  const errors = error.status === 400 ? serverFieldErrors(error.issues, values) : {};
  if (error.field && error.reason && !errors[error.field]) errors[error.field] = reasonToken(error.reason, error.params);
  return errors;
}

/**
 * Applies a failed save to a form: field errors go to their fields (and the focus to the first),
 * the rest is the title shown above the buttons and in a toast.
 */
export function saveFailure(
  error: unknown,
  t: TFunction,
  setErrors: (errors: Record<string, string>) => void,
  values?: unknown,
): SaveFailure {
  const title = apiErrorText(error, t);
  const fields = serverErrors(error, values);
  if (Object.keys(fields).length) {
    setErrors(fields);
    focusFirstError();
  }
  return { title, message: null };
}

type Options<V> = Omit<UseFormInput<V>, 'validate'> & {
  initialValues: V;
  /** The form's values as the schema's input (trimmed, empty strings dropped, …). */
  prepare?: (values: V) => unknown;
};

/**
 * A Mantine form checked by the contract's zod schema (the server's own), whose `applyServerError`
 * maps a 400 or 409 answer onto the fields by path, code and `field`. Errors are tokens; render
 * them with `useErrorToken()`.
 */
export function useContractForm<V extends object>(
  schema: z.ZodType,
  { prepare, ...options }: Options<V>,
): UseFormReturnType<V> & { applyServerError: (error: unknown, t: TFunction) => SaveFailure } {
  const form = useForm<V>({
    validateInputOnBlur: true,
    ...options,
    validate: zodValidate<V>(schema, prepare),
  });
  return Object.assign(form, {
    applyServerError: (error: unknown, t: TFunction) =>
      saveFailure(error, t, (errors) => form.setErrors({ ...form.errors, ...errors }), prepare ? prepare(form.values) : form.values),
  });
}
