import { useState, type ChangeEvent, type FormEvent } from 'react';

// The public pages' forms and calls without @mantine/form and TanStack Query, which the login
// page's JavaScript budget (150 KB gzip) cannot afford. Signed-in screens use useContractForm.

type Rules<V> = { [K in keyof V]?: (value: V[K], values: V) => string | null };

/** Values, per-field rules (returning an i18n key) and errors of a small form. */
export function useAuthForm<V extends Record<string, string>>(initial: V, rules: Rules<V>, onChange?: () => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const check = (next: V) => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const key of Object.keys(rules) as (keyof V)[]) {
      const error = rules[key]?.(next[key], next);
      if (error) found[key] = error;
    }
    return found;
  };

  return {
    values,
    errors,
    /** Puts errors on fields (a server's 400 naming them). */
    setErrors: (found: Partial<Record<keyof V, string>>) => setErrors(found),
    inputProps: (name: keyof V) => ({
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
        onChange?.();
      },
    }),
    onSubmit: (handler: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      const found = check(values);
      setErrors(found);
      if (Object.keys(found).length === 0) handler(values);
      else setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
    },
  };
}

type Status = 'idle' | 'pending' | 'error' | 'success';

/** One call at a time with idle → pending → success | error (spec section 4). */
export function useAction<A, R>(fn: (arg: A) => Promise<R>, on: { onSuccess?: (result: R, arg: A) => void; onError?: (error: unknown) => void }) {
  const [status, setStatus] = useState<Status>('idle');
  return {
    isPending: status === 'pending',
    isError: status === 'error',
    reset: () => setStatus('idle'),
    run: (arg: A) => {
      setStatus('pending');
      fn(arg).then(
        (result) => {
          setStatus('success');
          on.onSuccess?.(result, arg);
        },
        (error: unknown) => {
          setStatus('error');
          on.onError?.(error);
        },
      );
    },
  };
}
