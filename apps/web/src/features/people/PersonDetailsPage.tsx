import { Suspense, type ComponentType } from 'react';
import { Anchor, Badge, Code, Group, List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROLE_KEY, canOpen, isRole, landingFor, type PersonDetail } from '@shala/contract';
import { PEOPLE_API, peopleKeys, storePerson, useMyChild, usePerson, type PeopleKindKey } from '../../api/people';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useAcademicNames } from '../academics';
import type { DetailItem } from '../../components/DetailGrid';
import { DetailsPage, RecordCard } from '../../components/DetailsShell';
import { StatusToggle } from '../../components/StatusToggle';
import { UserAvatar } from '../../components/UserAvatar';
import type { ScreenProps } from '../../lib/screen';
import { formatDate } from '../../lib/format';
import { canDo, KINDS } from './kinds';
import { useAuth } from '../../api/auth';
import { StudentRegisterCard } from '../registers';
import { PhoneNumber } from '../../components/PhoneNumber';

interface Props extends ScreenProps {
  kind: PeopleKindKey;
  /** A parent's view of its own child: read-only, from api/parent/children. */
  asParent?: boolean;
  /** Where "back" goes when it is not the kind's list (teacher information). */
  backPath?: string;
  /** More about the person from another area, below its details (a teacher's classes, a ward's class). */
  aside?: ComponentType<{ person: PersonDetail }>;
}

function useDetail(kind: PeopleKindKey, userId: string | undefined, asParent: boolean) {
  // A student comes with its class in the header's session (asked once the session is known).
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const student = kind === 'students';
  const managed = usePerson(kind, asParent ? undefined : userId, student ? current?.sessionId : undefined, !student || !sessionLoading);
  const own = useMyChild(asParent ? userId : undefined);
  return asParent ? own : managed;
}

/** A student's class, section and roll number in the header's session (when the details carry them). */
function placementItems(person: PersonDetail, role: number | null, t: TFunction, names: ReturnType<typeof useAcademicNames>, session: string | null): DetailItem[] {
  if (person.placement === undefined) return [];
  const p = person.placement;
  const name = p ? names.className(p.masterClass, p.section) : null;
  const classPath = p ? `/detailsviewAssignedclasses/${p.assignClassId}` : null;
  return [
    {
      label: session ? t('people.students.classIn', { session }) : t('people.students.class'),
      value:
        name && classPath ? (
          canOpen(role, classPath) ? (
            <Anchor component={Link} to={classPath} size="sm">
              {name}
            </Anchor>
          ) : (
            name
          )
        ) : (
          <Text span size="sm" c="dimmed">
            {t('people.students.noClass')}
          </Text>
        ),
    },
    { label: t('people.students.rollNo'), value: p?.rollNo != null ? String(p.rollNo) : null },
  ];
}

/** Every field of one person, with status switch and edit button for those who manage it. */
export function PersonDetailsView({ person, kind, asParent = false }: { person: PersonDetail; kind: PeopleKindKey; asParent?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const config = KINDS[kind];
  const choice = (group: string, value: string | null) => (value ? t(`person.${group}.${value}`, { defaultValue: value }) : null);
  const isParent = config.form === 'parent';
  const isStudent = config.form === 'student';
  const { role } = useAuth();
  const names = useAcademicNames();
  const { current } = useCurrentSession();
  // What this role may do comes from the contract's role lists (113 views principals, 112 manages them).
  const canSwitch = !asParent && canDo(kind, 'status', role);
  const canEdit = !asParent && !!config.editPath && canDo(kind, 'update', role);

  const items: DetailItem[] = [
    { label: t('account.loginId'), value: <Code>{person.loginId}</Code> },
    { label: t('person.fields.email'), value: person.email },
    { label: t('person.fields.contact'), value: person.contact ? <PhoneNumber value={person.contact} /> : null },
  ];
  if (kind === 'systemAdmins') items.push({ label: t('people.school'), value: person.schoolName });
  if (!isParent) {
    items.push(
      { label: t('person.fields.gender'), value: choice('genders', person.gender) },
      { label: t('person.fields.dateOfBirth'), value: formatDate(person.dateOfBirth, i18n.language) },
    );
  }
  if (isStudent) {
    items.push({
      label: t('person.parent'),
      value:
        person.parentId && person.parentName ? (
          asParent ? (
            person.parentName
          ) : (
            <Anchor component={Link} to={KINDS.parents.detailPath(person.parentId)} size="sm">
              {person.parentName}
            </Anchor>
          )
        ) : null,
    });
    items.push(...placementItems(person, role, t, names, current?.sessionYear ?? null));
  }
  items.push({ label: t('person.fields.address'), value: person.address });
  if (!isParent) {
    items.push(
      { label: t('person.fields.city'), value: person.city },
      { label: t('person.fields.district'), value: person.district },
      { label: t('person.fields.state'), value: person.state },
      { label: t('person.fields.zip'), value: person.zip },
      // Marital status, qualification and subjects taught are an adult's, not a student's.
      ...(isStudent ? [] : [{ label: t('person.fields.maritalStatus'), value: choice('marital', person.maritalStatus) }]),
      { label: t('person.fields.category'), value: choice('categories', person.category) },
      { label: t('person.fields.religion'), value: person.religion },
      { label: t('person.fields.bloodGroup'), value: person.bloodGroup },
      ...(isStudent
        ? []
        : [
            { label: t('person.fields.qualification'), value: person.qualification },
            { label: t('person.fields.subjects'), value: person.subjects },
          ]),
      { label: t('person.fields.fatherOccupation'), value: person.fatherOccupation },
      { label: t('person.fields.motherName'), value: person.motherName },
      { label: t('person.fields.motherOccupation'), value: person.motherOccupation },
    );
  }
  items.push({ label: t('list.createdAt'), value: formatDate(person.createdAt, i18n.language) });

  const refresh = (saved: PersonDetail) => {
    storePerson(queryClient, kind, saved);
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all(kind) });
  };

  return (
    <>
      <RecordCard
        picture={<UserAvatar image={person.image} alt={t('person.photoOf', { name: person.fullName })} size={96} radius={96} />}
        name={person.fullName}
        badges={
          <>
            <Badge variant="light">{isRole(person.roleId) ? t(ROLE_KEY[person.roleId]) : t('roles.unknown')}</Badge>
            {!canSwitch ? (
              <Badge variant="dot" color={person.status ? 'green' : 'gray'}>
                {person.status ? t('status.active') : t('status.inactive')}
              </Badge>
            ) : (
              <StatusToggle
                status={person.status}
                name={person.fullName}
                onChange={async (next) => refresh(await PEOPLE_API[kind].setStatus(person.userId, next))}
              />
            )}
          </>
        }
        editTo={canEdit && config.editPath ? config.editPath(person.userId) : null}
        items={items}
        cols={isParent ? 2 : 3}
      />

      {isParent ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Title order={3} size="h4" mb="sm">
            {t('person.children')}
          </Title>
          {person.children && person.children.length > 0 ? (
            <List spacing="xs" listStyleType="none" p={0} aria-label={t('person.children')}>
              {person.children.map((child) => (
                <List.Item key={child.userId}>
                  <Group gap="sm" wrap="wrap">
                    <Anchor component={Link} to={KINDS.students.detailPath(child.userId)} fw={600}>
                      {child.fullName}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {child.loginId}
                    </Text>
                    <Badge size="sm" variant="dot" color={child.status ? 'green' : 'gray'}>
                      {child.status ? t('status.active') : t('status.inactive')}
                    </Badge>
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed" size="sm">
              {t('person.noChildren')}
            </Text>
          )}
        </Paper>
      ) : null}
    </>
  );
}

/** Details screen of one kind of person (or a parent's own child). */
export default function PersonDetailsPage({ route, kind, asParent = false, backPath, aside: Aside }: Props) {
  const { t } = useTranslation();
  const { userId } = useParams();
  const detail = useDetail(kind, userId, asParent);
  const { role } = useAuth();
  const back = backPath ?? (asParent ? '/viewstudentsinfo' : canDo(kind, 'list', role) ? KINDS[kind].listPath : landingFor(role));

  return (
    <DetailsPage title={t(route.title)} backTo={back} query={detail}>
      {(person) => (
        <>
          <PersonDetailsView person={person} kind={kind} asParent={asParent} />
          {kind === 'students' && !asParent ? <StudentRegisterCard studentId={person.userId} studentName={person.fullName} /> : null}
          {Aside ? (
            <Suspense fallback={<Skeleton h={160} radius="md" />}>
              <Aside person={person} />
            </Suspense>
          ) : null}
        </>
      )}
    </DetailsPage>
  );
}
