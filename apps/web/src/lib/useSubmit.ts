import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { apiErrorText } from '../api/errors';
import type { TFunction } from 'i18next';
import { saveFailure, type SaveFailure } from './contractForm';
import { notifyFailure, notifySaved } from './notify';
import { focusFirstError } from './validation';

/**
 * The submit of a form, once for every screen: pending state, a success toast, the server's
 * refusal mapped by code and field onto the form's fields (focus on the first), the failure
 * shown above the buttons (FormFooter / ModalFooter) and, on pages, in a red toast.
 *
 *   const submit = useSubmit({
 *     form,                                        // a useContractForm (or Mantine) form (optional)
 *     save: (values) => create.mutateAsync(body(values)),
 *     saved: (result, values) => t('x.saved', { name: result.name }),   // green toast (optional)
 *     done: (result) => navigate('/list'),         // after the toast: navigate, close (optional)
 *     errorToast: true,                            // pages: also a red toast (title + "check the form")
 *     invalidAlert: true,                          // a form refused in the browser says so above the buttons
 *     failTitle: t('x.failed'),                    // failure's title with the error's text under it
 *     failure: (error, failure) => …,              // another failure for one refusal (optional)
 *   });
 *   <form onSubmit={submit.onSubmit}> … <FormFooter failure={submit.failure} …>
 *     <Button type="submit" loading={submit.pending}>
 *   submit.submit(arg)  — a form.onSubmit handler that passes `arg` (draft / publish) to save
 *   submit.run(values, arg) — save without a form's check (a modal without fields)
 */
export interface SubmitOptions<V, R, A> {
  /** A useContractForm form, or a plain Mantine form (its values, or `prepare(values)`, are what was sent). */
  form?: UseFormReturnType<V> & { applyServerError?: (error: unknown, t: TFunction) => SaveFailure };
  prepare?: (values: V) => unknown;
  save: (values: V, arg: A) => Promise<R>;
  saved?: (result: R, values: V, arg: A) => string | null | undefined;
  /** Options of the success toast (a check mark, another colour). */
  savedToast?: (result: R) => { check?: boolean; color?: string };
  done?: (result: R, values: V, arg: A) => void;
  errorToast?: boolean;
  invalidAlert?: boolean;
  failTitle?: string;
  /** Reads the refusal again after the form took its fields: the failure to show instead (a rule said plainly). */
  failure?: (error: unknown, failure: SaveFailure) => SaveFailure;
}

export interface Submit<V, A> {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submit: (arg: A) => (event?: FormEvent<HTMLFormElement>) => void;
  run: (values: V, arg?: A) => Promise<void>;
  pending: boolean;
  failure: SaveFailure | null;
  setFailure: (failure: SaveFailure | null) => void;
}

export function useSubmit<V, R, A = undefined>(options: SubmitOptions<V, R, A>): Submit<V, A> {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const run = useCallback(
    async (values: V, given?: A) => {
      const o = latest.current;
      const arg = given as A;
      setFailure(null);
      setPending(true);
      let result: R;
      try {
        result = await o.save(values, arg);
      } catch (error) {
        setPending(false);
        const form = o.form;
        const mapped = !form
          ? null
          : form.applyServerError
            ? form.applyServerError(error, t)
            : saveFailure(error, t, (errors) => form.setErrors({ ...form.errors, ...errors }), o.prepare ? o.prepare(form.values) : form.values);
        const given = o.failTitle ? { title: o.failTitle, message: apiErrorText(error, t) } : (mapped ?? { title: apiErrorText(error, t), message: null });
        const next = o.failure ? o.failure(error, given) : given;
        setFailure(next);
        if (o.errorToast) notifyFailure(next.title, next.message ?? t('common.checkForm'));
        return;
      }
      setPending(false);
      const message = o.saved?.(result, values, arg);
      if (message) notifySaved(message, o.savedToast?.(result));
      o.done?.(result, values, arg);
    },
    [t],
  );

  const submit = useCallback(
    (arg: A) => (event?: FormEvent<HTMLFormElement>) => {
      const form = latest.current.form;
      if (!form) {
        event?.preventDefault();
        return;
      }
      form.onSubmit(
        (values) => void run(values, arg),
        () => {
          if (latest.current.invalidAlert) setFailure({ title: t('common.checkForm'), message: null });
          focusFirstError();
        },
      )(event);
    },
    [run, t],
  );

  return { onSubmit: submit(undefined as A), submit, run, pending, failure, setFailure };
}
