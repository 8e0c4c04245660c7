import { useTranslation } from 'react-i18next';

/**
 * Form validators return i18n keys; this translates the stored key at render time so an error
 * already on screen follows a language switch.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (typeof error === 'string' && error ? t(error) : undefined);
}
