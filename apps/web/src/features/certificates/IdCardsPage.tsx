import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, List, Loader, Modal, NativeSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconId, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATE_LANGS, type CertificateLang, type IdCardBatch, type IdCardKind } from '@shala/contract';
import { useClassDetail } from '../../api/academics-enrolment';
import { downloadIdCards, useCreateIdCards, useIdCardBatches } from '../../api/idcards';
import { useCurrentSession } from '../../lib/useCurrentSession';
import type { ScreenProps } from '../../lib/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';
import { notifyError, notifySaved } from '../../lib/notify';
import { useClassOptions } from '../people';
import { useAcademicNames } from '../academics';
import { useClassText } from '../registers';

const PAGE_SIZE = 10;
const STATUS_COLOR = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

/**
 * /idcards (112, 113): ID cards the size of a bank card (CR80), ten to an A4 sheet with cut marks,
 * for a class of the session (all its students, or those ticked), or for every active member of
 * staff, in English or Hindi. The job queue makes the PDF; the list below shows each batch's state,
 * its PDF once made, and who has no photo, with a link to add one.
 */
export default function IdCardsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const batches = useIdCardBatches(page, PAGE_SIZE);
  const [photos, setPhotos] = useState<IdCardBatch | null>(null);
  const columns = useBatchColumns();
  // The newest batch's people without a photo come first: add them, then make the cards again.
  const newest = page === 1 ? batches.data?.items[0] : undefined;

  return (
    <>
      <PageHeading title={t(route.title)} description={t('idcards.intro')} />
      <Stack gap="lg">
        <MakeCards />
        {newest?.status === 'done' && newest.withoutPhoto.length ? <PhotosFirst batch={newest} onAll={() => setPhotos(newest)} /> : null}
        <section aria-labelledby="idcards-batches">
          <Title order={2} size="h4" id="idcards-batches" mb="sm">
            {t('idcards.batches')}
          </Title>
          <DataTable
            label={t('idcards.batches')}
            items={batches.data?.items ?? []}
            columns={columns}
            rowKey={(b) => b.batchId}
            rowActions={(b) => <BatchActions batch={b} onPhotos={() => setPhotos(b)} />}
            minWidth={760}
            busy={batches.isFetching}
            state={{ query: batches, emptyText: t('idcards.empty') }}
            after={<ListPager page={page} pageSize={PAGE_SIZE} total={batches.data?.total ?? 0} onChange={setPage} />}
          />
        </section>
      </Stack>
      {photos ? <WithoutPhoto batch={photos} onClose={() => setPhotos(null)} /> : null}
    </>
  );
}

/** The form: students of a class (all, or those ticked) or staff; the language. */
function MakeCards() {
  const { t } = useTranslation();
  const { current, isLoading: sessionLoading } = useCurrentSession();
  const classes = useClassOptions(current?.sessionId);
  // Until the session is known the class list has not even started: not "no classes" yet.
  const classesLoading = sessionLoading || classes.isLoading;
  const { className } = useAcademicNames();
  const [kind, setKind] = useState<IdCardKind>('students');
  const [classId, setClassId] = useState<string | null>(null);
  const [some, setSome] = useState(false);
  const [ticked, setTicked] = useState<string[]>([]);
  const [lang, setLang] = useState<CertificateLang>('en');
  const detail = useClassDetail(kind === 'students' && some ? classId : null);
  const create = useCreateIdCards();
  const students = (detail.data?.studentList ?? []).filter((s) => s.status);

  const submit = () => {
    const body =
      kind === 'staff' ? { kind, lang } : some ? { kind, lang, userIds: ticked } : { kind, lang, classId: classId ?? undefined };
    create.mutate(body, {
      onSuccess: (b) => notifySaved(t('idcards.queued', { count: b.count })),
      onError: (error) => notifyError(error, t('idcards.failed')),
    });
  };
  const ready = kind === 'staff' || (classId !== null && (!some || ticked.length > 0));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="idcards-make">
      <Title order={2} size="h4" id="idcards-make" mb="md">
        {t('idcards.make')}
      </Title>
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('idcards.kind')}
          value={kind}
          onChange={(v) => setKind(v as IdCardKind)}
          data={[
            { value: 'students', label: t('idcards.kinds.students') },
            { value: 'staff', label: t('idcards.kinds.staff') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {kind === 'students' ? (
          <>
            <Select
              label={t('idcards.class')}
              placeholder={classesLoading ? t('common.loading') : t('idcards.chooseClass')}
              data={(classes.data ?? []).map((c) => ({ value: c.assignClassId, label: className(c.masterClass, c.section) }))}
              value={classId}
              onChange={(v) => {
                setClassId(v);
                setTicked([]);
              }}
              searchable
              nothingFoundMessage={t('people.students.noClasses')}
              disabled={classesLoading}
              style={{ maxWidth: 320 }}
            />
            <Checkbox label={t('idcards.some')} checked={some} disabled={!classId} onChange={(e) => setSome(e.currentTarget.checked)} />
            {some && classId ? (
              detail.isLoading ? (
                <Loader size="sm" aria-label={t('common.loading')} />
              ) : students.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('idcards.noStudents')}
                </Text>
              ) : (
                <Checkbox.Group label={t('idcards.tick')} value={ticked} onChange={setTicked}>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" mt="xs">
                    {students.map((s) => (
                      <Checkbox key={s.userId} value={s.userId} label={s.rollNo === null ? s.fullName : `${s.rollNo}. ${s.fullName}`} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('idcards.staffHint')}
          </Text>
        )}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('idcards.lang')}
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value as CertificateLang)}
            data={CERTIFICATE_LANGS.map((l) => ({ value: l, label: t(`idcards.langs.${l}`) }))}
            style={{ flex: '0 1 180px', minWidth: 140 }}
          />
          <Button leftSection={<IconId size={18} aria-hidden />} loading={create.isPending} disabled={!ready} onClick={submit}>
            {t('idcards.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function useBatchColumns(): DataColumn<IdCardBatch>[] {
  const { t } = useTranslation();
  const f = useFormat();
  const classText = useClassText();
  return [
    {
      key: 'for',
      header: t('idcards.for'),
      primary: true,
      cell: (b) =>
        b.kind === 'staff' ? t('idcards.kinds.staff') : b.className ? classText(b.className) : t('idcards.chosenStudents'),
    },
    { key: 'made', header: t('idcards.madeOn'), wrap: 'nowrap', cell: (b) => f.dateTime(b.createdAt) },
    { key: 'lang', header: t('idcards.lang'), cell: (b) => t(`idcards.langs.${b.lang}`) },
    { key: 'count', header: t('idcards.count'), wrap: 'numeric', cell: (b) => f.number(b.count) },
    {
      key: 'status',
      header: t('idcards.status'),
      cell: (b) => (
        <Badge color={STATUS_COLOR[b.status]} variant="light" leftSection={b.status === 'queued' || b.status === 'running' ? <Loader size={10} color="blue" aria-hidden /> : null}>
          {t(`idcards.statuses.${b.status}`)}
        </Badge>
      ),
    },
  ];
}

function BatchActions({ batch, onPhotos }: { batch: IdCardBatch; onPhotos: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadIdCards(batch);
    } catch (error) {
      notifyError(error, t('idcards.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  if (batch.status !== 'done') return null;
  return (
    <>
      {batch.withoutPhoto.length ? (
        <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconPhotoOff size={14} aria-hidden />} onClick={onPhotos}>
          {t('idcards.withoutPhoto', { count: batch.withoutPhoto.length })}
        </Button>
      ) : null}
      <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} aria-hidden />} loading={busy} onClick={() => void download()}>
        {t('idcards.download')}
      </Button>
    </>
  );
}

const FIRST = 8;

function PhotosFirst({ batch, onAll }: { batch: IdCardBatch; onAll: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconPhotoOff size={20} aria-hidden />} title={t('idcards.withoutPhotoTitle', { count: batch.withoutPhoto.length })} data-testid="idcards-without-photo">
      <Text size="sm" mb="xs">
        {t('idcards.withoutPhotoText')}
      </Text>
      <PeopleList batch={batch} people={batch.withoutPhoto.slice(0, FIRST)} />
      {batch.withoutPhoto.length > FIRST ? (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={onAll}>
          {t('idcards.showAll', { count: batch.withoutPhoto.length })}
        </Button>
      ) : null}
    </Alert>
  );
}

function PeopleList({ batch, people }: { batch: IdCardBatch; people: IdCardBatch['withoutPhoto'] }) {
  return (
    <List spacing={4} size="sm">
      {people.map((p) => (
        <List.Item key={p.userId}>
          {batch.kind === 'students' ? (
            <Anchor component={Link} to={`/editstudent/${p.userId}`} size="sm">
              {p.fullName}
            </Anchor>
          ) : (
            p.fullName
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** Who has no photo a card can print: a link to each one's details, to add it, then make the cards again. */
function WithoutPhoto({ batch, onClose }: { batch: IdCardBatch; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('idcards.withoutPhotoTitle', { count: batch.withoutPhoto.length })} size="md">
      <Stack gap="sm">
        <Text size="sm">{t('idcards.withoutPhotoText')}</Text>
        <PeopleList batch={batch} people={batch.withoutPhoto} />
      </Stack>
    </Modal>
  );
}
