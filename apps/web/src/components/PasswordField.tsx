import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput whose show/hide toggle is named without the word "password", so the field's
 * label (e.g. getByLabel('Password')) finds exactly one element.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  // PasswordInput marks an error with data-invalid only; screen readers need aria-invalid too.
  return (
    <PasswordInput
      {...props}
      aria-invalid={props.error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('common.showHide') }}
    />
  );
}
