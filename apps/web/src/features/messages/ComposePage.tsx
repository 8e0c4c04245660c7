import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatRupees, MESSAGE_LIMITS, messageInput, ROLE, type MessagePreview } from '@shala/contract';
import { useClassOptions } from '../../api/academics-assign';
import { apiErrorText } from '../../api/errors';
import { useAuth } from '../../api/auth';
import { useMessagePreview, useSendMessage } from '../../api/messages';
import { PEOPLE_API } from '../../api/people';
import { useCurrentSession } from '../../lib/useCurrentSession';
import type { ScreenProps } from '../../lib/screen';
import { DateField } from '../../components/DateField';
import { FileUploadsField, useFileUploads } from '../../components/FileUploads';
import { FormFooter } from '../../components/FormFooter';
import { LoadingBlock } from '../../components/LoadingBlock';
import { PageHeading } from '../../components/PageHeading';
import { RemoteSelect, type RemoteOption } from '../../components/RemoteSelect';
import { useContractForm } from '../../lib/contractForm';
import { useFormat } from '../../lib/format';
import { useSubmit } from '../../lib/useSubmit';
import { SEARCH_DEBOUNCE_MS } from '../../lib/useListParams';
import { useErrorToken } from '../../lib/validation';
import { schoolToday } from '../attendance';
import { useClassLabel } from '../academics';
import { AUDIENCE_ROLE_NAMES, type AudienceRole } from './parts';
import { composeBody, emptyCompose, previewBody, type ComposeValues } from './composeForm';

const { title: TITLE_MAX, body: BODY_MAX } = MESSAGE_LIMITS;

/** /messages/new (112, 113): write a message (with a file), choose whom and how, see what it reaches and costs, send now or later. */
export default function ComposePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('messages.form.description')} />
      <Composer />
    </>
  );
}

/** Mantine's `md` breakpoint: where the form and its preview stand side by side. */
const WIDE_QUERY = '(min-width: 62em)';

function Composer() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const errorText = useErrorToken();
  const send = useSendMessage();
  const form = useContractForm<ComposeValues>(messageInput, { initialValues: emptyCompose(), prepare: composeBody });
  const v = form.values;
  // One file, uploaded as soon as it is picked; the message names it when it is sent.
  const file = useFileUploads(1, () => form.clearFieldError('attachment'));

  // The preview follows the form once its text and audience are complete, half a second after the last keystroke.
  const [settled] = useDebouncedValue(previewBody(v), SEARCH_DEBOUNCE_MS);
  const preview = useMessagePreview(settled);

  const submit = useSubmit({
    form,
    save: (values: ComposeValues) => send.mutateAsync(composeBody(values, file.names[0])),
    saved: (m) => t(m.status === 'scheduled' ? 'messages.form.scheduled' : 'messages.form.sent', { title: m.title, count: m.recipients, n: fmt.number(m.recipients) }),
    done: (m) => void navigate(`/messages/${m.messageId}`),
    errorToast: true,
  });
  const audienceError = errorText(form.errors['audience.roles'] ?? form.errors['audience.classIds'] ?? form.errors['audience.userIds'] ?? form.errors.audience);
  // "Before you send" beside the form on a wide screen; on a narrow one inside it, above Send, so it
  // is read before sending (issue 39).
  const wide = useMediaQuery(WIDE_QUERY, false) ?? false;
  const previewPanel = <PreviewPanel ready={!!settled} preview={preview} />;

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: wide ? 7 : 12 }}>
        <Card withBorder radius="md" padding="lg">
          <form noValidate onSubmit={submit.onSubmit} aria-label={t('messages.form.label')}>
            <Stack gap="md">
              <TextInput label={t('messages.form.title')} required maxLength={TITLE_MAX} data-autofocus {...form.getInputProps('title')} error={errorText(form.errors.title)} />
              <Textarea
                label={t('messages.form.body')}
                required
                autosize
                minRows={4}
                maxRows={12}
                maxLength={BODY_MAX}
                description={t('messages.form.chars', { n: fmt.number(v.body.length), max: fmt.number(BODY_MAX) })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('body')}
                error={errorText(form.errors.body)}
              />
              <Stack gap={4}>
                <FileUploadsField
                  id="message-file"
                  state={file}
                  label={t('messages.form.attachment')}
                  addLabel={t('messages.form.attach')}
                  listLabel={t('messages.attachment')}
                  error={errorText(form.errors.attachment)}
                />
                <Text size="xs" c="dimmed">
                  {t('messages.form.attachmentNote')}
                </Text>
              </Stack>

              <Radio.Group label={t('messages.form.audience')} required {...form.getInputProps('audienceKind')}>
                <Group gap="md" mt={6} wrap="wrap">
                  <Radio value="classes" label={t('messages.form.kind.classes')} />
                  <Radio value="roles" label={t('messages.form.kind.roles')} />
                  <Radio value="people" label={t('messages.form.kind.people')} />
                </Group>
              </Radio.Group>
              {v.audienceKind === 'roles' ? (
                <Checkbox.Group
                  label={t('messages.form.roles')}
                  value={v.roles}
                  onChange={(roles) => form.setFieldValue('roles', roles as AudienceRole[])}
                  error={audienceError}
                >
                  <Group gap="md" mt={6} wrap="wrap">
                    {AUDIENCE_ROLE_NAMES.map((name) => (
                      <Checkbox key={name} value={name} label={t(`messages.roles.${name}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
              ) : v.audienceKind === 'classes' ? (
                <ClassesField
                  values={v}
                  onClasses={(ids) => form.setFieldValue('classIds', ids)}
                  onWho={(who) => form.setFieldValue('who', who)}
                  error={audienceError}
                />
              ) : (
                <PeopleField people={v.people} onChange={(people) => form.setFieldValue('people', people)} error={audienceError} />
              )}

              <Stack gap={6}>
                <Text fw={500} size="sm">
                  {t('messages.form.channels')}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <IconBell size={16} aria-hidden />
                  <Text size="sm" c="dimmed">
                    {t('messages.form.bellAlways')}
                  </Text>
                </Group>
                <Switch label={t('messages.channels.sms')} {...form.getInputProps('sms', { type: 'checkbox' })} />
                <Switch label={t('messages.channels.whatsapp')} {...form.getInputProps('whatsapp', { type: 'checkbox' })} />
                <Switch label={t('messages.channels.email')} {...form.getInputProps('email', { type: 'checkbox' })} />
              </Stack>

              <Stack gap="xs">
                <Switch label={t('messages.form.later')} {...form.getInputProps('later', { type: 'checkbox' })} />
                {v.later ? (
                  <Group gap="sm" align="flex-start" wrap="wrap">
                    <DateField label={t('messages.form.date')} required min={schoolToday()} w={200} {...form.getInputProps('date')} error={errorText(form.errors.scheduledFor)} />
                    <TimeInput label={t('messages.form.time')} required w={140} {...form.getInputProps('time')} />
                  </Group>
                ) : null}
                {v.later ? (
                  <Text size="xs" c="dimmed">
                    {t('messages.form.laterHint')}
                  </Text>
                ) : null}
              </Stack>

              {wide ? null : previewPanel}
              <FormFooter failure={submit.failure} cancelTo="/messages">
                <Button type="submit" loading={submit.pending} disabled={file.uploading}>
                  {v.later ? t('messages.form.schedule') : t('messages.form.send')}
                </Button>
              </FormFooter>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      {wide ? <Grid.Col span={{ base: 12, md: 5 }}>{previewPanel}</Grid.Col> : null}
    </Grid>
  );
}

function ClassesField({
  values,
  onClasses,
  onWho,
  error,
}: {
  values: ComposeValues;
  onClasses: (ids: string[]) => void;
  onWho: (who: ComposeValues['who']) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = useClassLabel();
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const classes = useClassOptions(current?.sessionId);
  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('messages.form.classes')}
        placeholder={values.classIds.length ? undefined : t('messages.form.classesPlaceholder')}
        data={(classes.data?.items ?? []).map((c) => ({ value: c.assignClassId, label: label(c) }))}
        value={values.classIds}
        onChange={onClasses}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('address.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        error={error}
        disabled={sessionLoading || classes.isLoading} // until the session is known the list has not started
      />
      <Radio.Group label={t('messages.form.who')} value={values.who} onChange={(who) => onWho(who as ComposeValues['who'])}>
        <Group gap="md" mt={6}>
          <Radio value="parents" label={t('messages.roles.parents')} />
          <Radio value="students" label={t('messages.roles.students')} />
        </Group>
      </Radio.Group>
    </Stack>
  );
}

/** The kinds of people the picker searches, each by its own list's search. */
const PEOPLE_KINDS = [
  ['parents', 'messages.roles.parent'],
  ['teachers', 'messages.roles.teacher'],
  ['students', 'messages.roles.student'],
] as const;

/** Chosen people: a search over parents, teachers and students (active ones); each pick joins the list below. */
function PeopleField({ people, onChange, error }: { people: RemoteOption[]; onChange: (people: RemoteOption[]) => void; error?: string }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const fetchOptions = async (search: string, signal: AbortSignal): Promise<RemoteOption[]> => {
    const pages = await Promise.all(PEOPLE_KINDS.map(([kind]) => PEOPLE_API[kind].list({ page: 1, pageSize: 7, status: 'active', search: search || undefined }, signal)));
    return pages.flatMap((page, i) => page.items.map((p) => ({ value: p.userId, label: `${p.fullName} (${p.loginId}) · ${t(PEOPLE_KINDS[i]![1])}` })));
  };
  return (
    <Stack gap="xs">
      <RemoteSelect
        key={round}
        label={t('messages.form.people')}
        placeholder={t('messages.form.peoplePlaceholder')}
        queryKey={['people', 'message-options']}
        fetchOptions={async (search, signal) => (await fetchOptions(search, signal)).filter((o) => !people.some((p) => p.value === o.value))}
        value={null}
        onChange={(value, label) => {
          if (value && label) onChange([...people, { value, label }]);
          setRound((n) => n + 1);
        }}
        error={error}
      />
      {people.length ? (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('messages.form.chosenPeople')}>
          {people.map((p) => (
            <Group component="li" key={p.value} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {p.label}
              </Text>
              <CloseButton size="sm" aria-label={t('messages.form.removePerson', { name: p.label })} onClick={() => onChange(people.filter((x) => x.value !== p.value))} />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Whom the message reaches and what it costs, asked of the server whenever the form is complete. */
function PreviewPanel({ ready, preview }: { ready: boolean; preview: ReturnType<typeof useMessagePreview> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // Only the principal keeps the school's accounts (/messagingsettings); a system admin asks them.
  const { role } = useAuth();
  const data: MessagePreview | undefined = ready ? preview.data : undefined;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="message-preview-title" data-testid="message-preview">
      <Title order={2} size="h4" id="message-preview-title" mb="sm">
        {t('messages.preview.title')}
      </Title>
      <div aria-live="polite">
        {!ready ? (
          <Text size="sm" c="dimmed">
            {t('messages.preview.incomplete')}
          </Text>
        ) : preview.isError ? (
          <Alert color="red" title={t('messages.preview.failed')}>
            {apiErrorText(preview.error, t)}
          </Alert>
        ) : !data ? (
          <LoadingBlock h={80} radius="sm" />
        ) : (
          <Stack gap="sm" aria-busy={preview.isFetching}>
            <Text fw={600} data-testid="preview-recipients">
              {t('messages.preview.recipients', { count: data.recipients, n: fmt.number(data.recipients) })}
            </Text>
            {data.recipients === 0 ? (
              <Alert color="yellow" p="xs">
                {t('errors.reasons.message_no_recipients')}
              </Alert>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('messages.preview.bell')}
            </Text>
            {data.channels.map((c) => {
              const name = t(`messages.channels.${c.channel}`);
              return (
                <Paper key={c.channel} withBorder radius="sm" p="sm" data-testid={`preview-${c.channel}`}>
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  {!c.account ? (
                    <Text size="sm" c="orange.8" mt={4}>
                      {t('messages.preview.noAccount', { channel: name })}{' '}
                      {role === ROLE.PRINCIPAL ? (
                        <Anchor component={Link} to="/messagingsettings" size="sm">
                          {t('messages.preview.setUp')}
                        </Anchor>
                      ) : (
                        t('messages.preview.askPrincipal')
                      )}
                    </Text>
                  ) : c.template ? (
                    <Stack gap={2} mt={4}>
                      <Text size="sm">{t('messages.preview.reachable', { count: c.reachable, n: fmt.number(c.reachable), total: fmt.number(data.recipients) })}</Text>
                      {c.channel === 'sms' ? <Text size="sm">{t('messages.preview.parts', { count: c.parts, n: fmt.number(c.parts) })}</Text> : null}
                      {c.channel !== 'email' ? <Text size="sm">{t('messages.preview.cost', { amount: formatRupees(c.estimatedPaise) })}</Text> : null}
                    </Stack>
                  ) : (
                    <Text size="sm" c="orange.8" mt={4}>
                      {t('messages.preview.noTemplate', { channel: name })}{' '}
                      {role === ROLE.PRINCIPAL ? (
                        <Anchor component={Link} to="/messagingsettings" size="sm">
                          {t('messages.preview.addTemplate')}
                        </Anchor>
                      ) : null}
                    </Text>
                  )}
                </Paper>
              );
            })}
          </Stack>
        )}
      </div>
    </Paper>
  );
}
