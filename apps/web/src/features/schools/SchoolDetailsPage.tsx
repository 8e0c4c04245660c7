import { useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { School } from '@shala/contract';
import { call } from '../../api/client';
import { PEOPLE_API, peopleKeys, usePeopleList } from '../../api/people';
import { schoolKeys, useSchool } from '../../api/schools';
import { DetailsPage, RecordCard } from '../../components/DetailsShell';
import { ListPager } from '../../components/ListToolbar';
import { ListState } from '../../components/ListState';
import { StatusToggle } from '../../components/StatusToggle';
import { UserAvatar } from '../../components/UserAvatar';
import type { ScreenProps } from '../../lib/screen';
import { KINDS } from '../people';
import { useFormat } from '../../lib/format';

const ADMINS_PAGE_SIZE = 10;

/** The system admins of one school, with the add button. */
function SchoolAdmins({ school }: { school: School }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const admins = usePeopleList('systemAdmins', { page, pageSize: ADMINS_PAGE_SIZE, status: 'all', schoolId: school.schoolId });
  const items = admins.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={3} size="h4">
          {t('schools.admins')}
        </Title>
        <Button component={Link} to={`/addadmin/${school.schoolId}`} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('schools.addAdmin')}
        </Button>
      </Group>
      <ListState
        query={admins}
        isEmpty={items.length === 0}
        emptyText={t('people.systemAdmins.empty')}
        rows={2}
      >
        <Table.ScrollContainer minWidth={620} type="native">
          <Table verticalSpacing="sm" aria-label={t('schools.admins')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('person.name')}</Table.Th>
                <Table.Th>{t('person.email')}</Table.Th>
                <Table.Th>{t('person.contact')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((admin) => (
                <Table.Tr key={admin.userId} role="row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar image={admin.image} alt="" size={32} radius="xl" />
                      <div>
                        <Anchor component={Link} to={KINDS.systemAdmins.detailPath(admin.userId)} fw={600} size="sm">
                          {admin.fullName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {admin.loginId}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{admin.email ?? '—'}</Table.Td>
                  <Table.Td>{admin.contact ?? '—'}</Table.Td>
                  <Table.Td>
                    <StatusToggle
                      status={admin.status}
                      name={admin.fullName}
                      onChange={(next) => PEOPLE_API.systemAdmins.setStatus(admin.userId, next)}
                      onDone={() => void queryClient.invalidateQueries({ queryKey: peopleKeys.all('systemAdmins') })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(admins.data?.total ?? 0) > ADMINS_PAGE_SIZE ? (
          <ListPager page={page} pageSize={ADMINS_PAGE_SIZE} total={admins.data?.total ?? 0} onChange={setPage} />
        ) : null}
      </ListState>
    </Paper>
  );
}

function SchoolCard({ school }: { school: School }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  return (
    <RecordCard
      picture={
        <UserAvatar
          image={school.image}
          alt={t('schools.logoOf', { name: school.name })}
          size={96}
          radius="md"
          placeholder={<IconBuildingCommunity size={48} stroke={1.4} />}
        />
      }
      name={school.name}
      badges={
        <>
          <Code>{school.code}</Code>
          {/* A draft is not live yet: it is published from its form, not switched on. */}
          {school.isDraft ? (
            <Badge color="orange" variant="light">
              {t('status.draft')}
            </Badge>
          ) : (
            <StatusToggle
              status={school.status}
              name={school.name}
              onChange={async (status) => {
                const saved = await call('schoolStatus', { params: { schoolId: school.schoolId }, body: { status } });
                queryClient.setQueryData(schoolKeys.detail(saved.schoolId), saved);
                void queryClient.invalidateQueries({ queryKey: schoolKeys.all });
              }}
            />
          )}
        </>
      }
      editTo={`/editschool/${school.schoolId}`}
      items={[
        { label: t('schools.fields.websiteName'), value: school.websiteName },
        { label: t('schools.fields.email'), value: school.email },
        { label: t('schools.fields.phone'), value: school.phone },
        { label: t('schools.fields.affiliationNo'), value: school.affiliationNo },
        { label: t('schools.fields.udiseCode'), value: school.udiseCode },
        { label: t('schools.fields.address'), value: school.address },
        { label: t('person.fields.city'), value: school.city },
        { label: t('person.fields.district'), value: school.district },
        { label: t('person.fields.state'), value: school.state },
        { label: t('schools.fields.zipCode'), value: school.zipCode },
        { label: t('list.createdAt'), value: fmt.date(school.createdAt) },
      ]}
    />
  );
}

/** /detailsSchool/:schoolId: the school, its status, and its system admins. */
export default function SchoolDetailsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { schoolId } = useParams();
  const school = useSchool(schoolId);
  return (
    <DetailsPage title={t(route.title)} backTo="/viewSchool" query={school}>
      {(record) => (
        <>
          <SchoolCard school={record} />
          <SchoolAdmins school={record} />
        </>
      )}
    </DetailsPage>
  );
}
