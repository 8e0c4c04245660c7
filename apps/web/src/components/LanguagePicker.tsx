import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../i18n';

/** en / हिन्दी; switches at once and is remembered (localStorage 'lang'). */
export function LanguagePicker({ size = 'sm', w = 132 }: { size?: 'xs' | 'sm'; w?: number | string }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      size={size}
      w={w}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => void setLanguage(event.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
    />
  );
}
