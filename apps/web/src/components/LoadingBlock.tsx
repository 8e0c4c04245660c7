import { Skeleton, type SkeletonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A placeholder while a part of a screen loads: a skeleton that screen readers hear as "Loading".
 * The label needs a role (`status`): axe refuses a name on a plain div.
 */
export function LoadingBlock(props: SkeletonProps) {
  const { t } = useTranslation();
  return <Skeleton radius="md" {...props} role="status" aria-label={t('common.loading')} />;
}
