import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconBellCog } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PAGE_SIZE_DEFAULT, canOpen } from '@shala/contract';
import { call } from '../../api/client';
import { useAuth } from '../../api/auth';
import { queryKeys } from '../../api/queries';
import { ListState } from '../../components/ListState';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { NotificationItem } from './NotificationItem';
import { PushConsent } from './PushConsent';
import { notificationTarget } from './target';

/** The whole history of the caller's notifications, newest first, page by page; new ones marked. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const [page, setPage] = useState(1);
  const query = useQuery({
    // Under the bell's key: a new notification or "mark read" refreshes this list too.
    queryKey: [...queryKeys.notifications, 'history', page],
    queryFn: ({ signal }) => call('notifications', { query: { page, pageSize: PAGE_SIZE_DEFAULT }, signal }),
    placeholderData: (previous) => previous,
  });
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeading title={t('notifications.historyTitle')} description={t('notifications.historyDescription')} />
      <Stack gap="md" maw={720}>
        <PushConsent />
        {canOpen(role, '/notificationsettings') ? (
          <Group>
            <Button component={Link} to="/notificationsettings" variant="light" leftSection={<IconBellCog size={16} aria-hidden />}>
              {t('messaging.openSettings')}
            </Button>
          </Group>
        ) : null}
        <ListState
          query={query}
          isEmpty={items.length === 0}
          emptyText={t('notifications.emptyHistory')}
        >
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notification-history">
            {items.map((item) => {
              const target = notificationTarget(item, role);
              return (
                <li key={item.id}>
                  <NotificationItem item={item} showRead onOpen={target ? () => void navigate(target) : undefined} />
                </li>
              );
            })}
          </Stack>
          <ListPager page={page} pageSize={PAGE_SIZE_DEFAULT} total={query.data?.total ?? 0} onChange={setPage} />
        </ListState>
      </Stack>
    </>
  );
}
