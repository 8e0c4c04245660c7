import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyChildren } from '../../api/people';
import { useStudentClasses } from '../../api/academics-assign';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useAcademicNames } from '../academics';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { UserAvatar } from '../../components/UserAvatar';
import type { ScreenProps } from '../../lib/screen';
import { localeOf } from '../../lib/format';

/** /viewstudentsinfo: a parent's own children (api/parent/children). */
export default function MyChildrenPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const children = useMyChildren();
  const items = children.data ?? [];
  const { current } = useCurrentSession();
  const { className } = useAcademicNames();
  // Each child's class in the selected session (a parent has a handful of children).
  const classes = useStudentClasses(
    items.map((c) => c.userId),
    current?.sessionId,
  );
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <>
      <PageHeading title={t(route.title)} description={t('wards.description')} />
      <ListState
        query={children}
        isEmpty={items.length === 0}
        emptyText={t('wards.empty')}
        rows={2}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(route.title)}>
          {items.map((child, i) => {
            const placement = classes[i]?.data;
            return (
            <Card key={child.userId} component="li" withBorder radius="md" padding="md">
              <Group gap="md" wrap="nowrap" align="center">
                <UserAvatar image={child.image} alt="" size={56} radius="xl" />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text
                    component={Link}
                    to={`/detail_studentsinfo/${child.userId}`}
                    fw={600}
                    c="indigo.8"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {child.fullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {child.loginId}
                    {child.schoolName ? ` · ${child.schoolName}` : ''}
                  </Text>
                  {placement ? (
                    <Text size="sm" data-testid="ward-class">
                      {placement.class
                        ? placement.rollNo != null
                          ? t('myClass.wardClassRoll', { className: className(placement.class.masterClass, placement.class.section), rollNo: numbers.format(placement.rollNo) })
                          : className(placement.class.masterClass, placement.class.section)
                        : t('myClass.wardNotAssigned')}
                    </Text>
                  ) : null}
                  <Badge size="sm" variant="dot" color={child.status ? 'green' : 'gray'}>
                    {child.status ? t('status.active') : t('status.inactive')}
                  </Badge>
                </Stack>
              </Group>
            </Card>
            );
          })}
        </SimpleGrid>
      </ListState>
    </>
  );
}
