import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { canOpen, type CreatedAccount, type PersonDetail } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { PEOPLE_API, peopleKeys, storePerson, usePerson, type PeopleKindKey } from '../../api/people';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { useAcademicNames } from '../academics';
import { schoolKeys, useSchool } from '../../api/schools';
import { CredentialsModal, type Credentials } from '../../components/CredentialsModal';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useErrorToken } from '../../lib/validation';
import { FormFooter } from '../../components/FormFooter';
import { useContractForm } from '../../lib/contractForm';
import { useSubmit } from '../../lib/useSubmit';
import type { ScreenProps } from '../../lib/screen';
import { KINDS } from './kinds';
import { ParentSelect } from './ParentSelect';
import { PersonFormFields } from './PersonFormFields';
import { EMPTY_PERSON, SCHEMAS, formBody, formInput, valuesOf, type PersonFormValues } from './personForm';
import { notifySaved } from '../../lib/notify';

interface Props extends ScreenProps {
  kind: PeopleKindKey;
  mode: 'create' | 'edit';
}


/** On a student's edit form: its class and roll number in the header's session (given on Assign students). */
function PlacementNotice({ person }: { person: PersonDetail }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { className } = useAcademicNames();
  const { current } = useCurrentSession();
  const p = person.placement;
  if (p === undefined || !current) return null;
  const assign = '/assignedstudent';
  return (
    <Alert variant="light" color="blue" icon={<IconSchool size={18} aria-hidden />} title={t('people.students.classIn', { session: current.sessionYear })}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          {p
            ? p.rollNo != null
              ? t('people.students.placedRoll', { className: className(p.masterClass, p.section), rollNo: p.rollNo })
              : t('people.students.placed', { className: className(p.masterClass, p.section) })
            : t('people.students.notPlaced')}
        </Text>
        {canOpen(role, assign) ? (
          <Anchor component={Link} to={assign} size="sm">
            {t('people.students.changeClass')}
          </Anchor>
        ) : null}
      </Group>
    </Alert>
  );
}

function PersonForm({ kind, mode, person, schoolId }: { kind: PeopleKindKey; mode: 'create' | 'edit'; person?: PersonDetail; schoolId?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = KINDS[kind];
  const shape = config.form;
  const [uploading, setUploading] = useState(false);
  const [credentials, setCredentials] = useState<(Credentials & { userId: string }) | null>(null);

  const form = useContractForm<PersonFormValues>(SCHEMAS[shape], {
    initialValues: person ? valuesOf(person) : EMPTY_PERSON,
    prepare: (values) => formInput(shape, values),
  });

  const create = useMutation({
    mutationFn: (values: PersonFormValues) => PEOPLE_API[kind].create(formBody(shape, values), schoolId),
    onSuccess: (account: CreatedAccount) => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all(kind) });
      if (kind === 'systemAdmins') void queryClient.invalidateQueries({ queryKey: schoolKeys.all });
      if (shape === 'student' && account.person.parentId) void queryClient.invalidateQueries({ queryKey: peopleKeys.all('parents') });
      storePerson(queryClient, kind, account.person);
      setCredentials({
        userId: account.person.userId,
        name: account.person.fullName,
        loginId: account.loginId,
        password: account.password,
        mailed: account.mailed,
      });
    },
  });

  const update = useMutation({
    mutationFn: (values: PersonFormValues) => PEOPLE_API[kind].update(person?.userId ?? '', formBody(shape, values)),
    onSuccess: (saved: PersonDetail) => {
      storePerson(queryClient, kind, saved);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all(kind) });
      if (shape === 'student') void queryClient.invalidateQueries({ queryKey: peopleKeys.all('parents') });
      notifySaved(t('people.saved', { name: saved.fullName }));
      navigate(config.detailPath(saved.userId));
    },
  });

  const submit = useSubmit({
    form,
    save: async (values: PersonFormValues) => {
      if (mode === 'create') await create.mutateAsync(values);
      else await update.mutateAsync(values);
    },
    errorToast: true,
    invalidAlert: true,
  });

  const cancelTo = mode === 'edit' && person ? config.detailPath(person.userId) : schoolId ? `/detailsSchool/${schoolId}` : config.listPath;

  return (
    <>
      <form noValidate onSubmit={submit.onSubmit} aria-label={t(`people.${config.kind}.formLabel`)}>
        <Stack gap="lg" maw={960}>
          <PersonFormFields
            form={form}
            shape={shape}
            notice={shape === 'student' && person ? <PlacementNotice person={person} /> : null}
            onUploadingChange={setUploading}
            parentSelect={
              shape === 'student' ? (
                <ParentSelect
                  value={form.values.parentId}
                  valueLabel={person?.parentName ?? null}
                  onChange={(parentId) => form.setFieldValue('parentId', parentId)}
                  error={errorText(form.errors.parentId)}
                />
              ) : null
            }
          />
          <FormFooter failure={submit.failure} cancelTo={cancelTo}>
            <Button type="submit" loading={submit.pending} disabled={uploading}>
              {mode === 'create' ? t('people.createAccount') : t('common.saveChanges')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
      <CredentialsModal
        credentials={credentials}
        doneLabel={t('account.doneToDetails')}
        onClose={() => {
          const target = credentials ? config.detailPath(credentials.userId) : config.listPath;
          setCredentials(null);
          navigate(target, { replace: true });
        }}
      />
    </>
  );
}

/** Add or edit screen of one kind of person. */
export default function PersonFormPage({ route, kind, mode }: Props) {
  const { t } = useTranslation();
  const { userId, schoolId } = useParams();
  // A student's edit form shows its class in the header's session.
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const student = kind === 'students';
  const person = usePerson(kind, mode === 'edit' ? userId : undefined, student ? current?.sessionId : undefined, !student || !sessionLoading);
  const school = useSchool(kind === 'systemAdmins' ? schoolId : undefined);

  return (
    <>
      <PageHeading
        title={t(route.title)}
        description={
          mode === 'edit' && person.data ? (
            <Text span>{t('people.editing', { name: person.data.fullName, loginId: person.data.loginId })}</Text>
          ) : kind === 'systemAdmins' && school.data ? (
            t('people.forSchool', { school: school.data.name })
          ) : mode === 'create' ? (
            t('people.createHint')
          ) : undefined
        }
      />
      {mode === 'edit' ? (
        <RecordState query={person}>
          {() => (person.data ? <PersonForm key={person.data.userId} kind={kind} mode="edit" person={person.data} /> : null)}
        </RecordState>
      ) : (
        <PersonForm kind={kind} mode="create" schoolId={schoolId} />
      )}
    </>
  );
}
