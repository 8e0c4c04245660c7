import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { landingFor, matchWebRoute } from '@shala/contract';
import { useAuth } from '../../api/auth';

/** Home (the landing route), then the current route's title. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { role } = useAuth();
  const route = matchWebRoute(pathname);
  return (
    <nav aria-label={t('layout.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 2 } }}>
        <Anchor component={Link} to={landingFor(role)} size="sm">
          {t('layout.home')}
        </Anchor>
        {route ? (
          <Text size="sm" c="dimmed" aria-current="page">
            {t(route.title)}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}
