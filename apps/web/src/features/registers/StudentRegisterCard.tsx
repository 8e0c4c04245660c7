import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLicense, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API, type StudentRegister } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useStudentRegister } from '../../api/registers';
import type { DetailItem } from '../../components/DetailGrid';
import { DetailGrid } from '../../components/DetailGrid';
import { RecordState } from '../../components/ListState';
import { useFormat } from '../../lib/format';
import { StudentRegisterForm } from './StudentRegisterForm';

/** The entry's fields as label / value pairs (empty ones are listed as missing by DetailGrid). */
function useItems(r: StudentRegister): DetailItem[] {
  const { t } = useTranslation();
  const f = useFormat();
  const yes = (v: boolean) => (v ? t('registers.yes') : t('registers.no'));
  return [
    {
      label: t('registers.admissionNo'),
      value: r.admissionNo ? (
        <Group gap="xs" component="span" wrap="wrap">
          <span>{r.admissionNo}</span>
          <Badge size="sm" variant="light" color={r.admissionNoAuto ? 'blue' : 'gray'} style={{ textTransform: 'none' }}>
            {r.admissionNoAuto ? t('registers.numberedByShala') : t('registers.numberedByHand')}
          </Badge>
        </Group>
      ) : null,
    },
    { label: t('registers.admissionDate'), value: r.admissionDate ? f.date(r.admissionDate) : null },
    { label: t('registers.pen'), value: r.pen },
    { label: t('registers.apaarId'), value: r.apaarId },
    { label: t('registers.apaarConsentShort'), value: r.apaarConsent ? t('registers.apaarConsentRecorded', { date: f.date(r.apaarConsent.at) }) : t('registers.apaarConsentNone') },
    { label: t('registers.motherTongue'), value: r.motherTongue },
    { label: t('registers.minorityGroup'), value: t(`registers.minority.${r.minorityGroup}`) },
    { label: t('registers.bpl'), value: yes(r.bpl) },
    { label: t('registers.cwsn'), value: r.cwsn ? (r.cwsnType ? t('registers.cwsnYes', { type: t(`registers.cwsnTypes.${r.cwsnType}`) }) : t('registers.yes')) : t('registers.no') },
    { label: t('registers.aadhaarLast4Short'), value: r.aadhaarLast4 ? `XXXX XXXX ${r.aadhaarLast4}` : null },
    { label: t('registers.nationality'), value: r.nationality },
    { label: t('registers.fatherName'), value: r.fatherName },
  ];
}

function RegisterDetails({ register, onEdit }: { register: StudentRegister; onEdit: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const items = useItems(register);
  return (
    <>
      {register.left ? (
        <Alert color="gray" mb="md" title={t('registers.left', { date: f.date(register.left.on), reason: register.left.reason || '—' })} />
      ) : null}
      {register.warnings.includes('apaar_looks_like_aadhaar') ? (
        <Alert color="yellow" mb="md" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('registers.apaarLooksLikeAadhaar')}
        </Alert>
      ) : null}
      <DetailGrid items={items} cols={3} />
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="subtle" component={Link} to={`/certificates?student=${register.studentId}`} leftSection={<IconLicense size={16} aria-hidden />}>
          {t('registers.certificates')}
        </Button>
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {t('registers.edit')}
        </Button>
      </Group>
    </>
  );
}

/** The Register card of a student's details (112, 113): the register entry, and its form. */
export function StudentRegisterCard({ studentId, studentName }: { studentId: string; studentName: string }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const allowed = role !== null && (API.studentRegisterGet.roles as readonly number[]).includes(role);
  const query = useStudentRegister(studentId, allowed);
  const [editing, setEditing] = useState(false);
  if (!allowed) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="student-register">
      <Title order={3} size="h4" mb="sm">
        {t('registers.cardTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('registers.cardHint')}
      </Text>
      <RecordState query={query}>
        {() =>
          query.data ? (
            <>
              <RegisterDetails register={query.data} onEdit={() => setEditing(true)} />
              {editing ? <StudentRegisterForm register={query.data} studentName={studentName} onClose={() => setEditing(false)} /> : null}
            </>
          ) : null
        }
      </RecordState>
    </Paper>
  );
}
