import { useState, type ReactNode } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Instalment, StudentFees } from '@shala/contract';
import { UpiPayModal } from './UpiPayModal';

/**
 * An unpaid instalment's UPI action on a parent's or student's fees: "Pay by UPI" (the QR code and
 * the parent's reference), or, once the parent sent its reference, that the school has still to
 * confirm it. A paid instalment has none.
 */
export function UpiInstalmentAction({ instalment }: { instalment: Instalment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (instalment.state === 'paid') return null;
  if (instalment.upiClaim) {
    return (
      <Stack gap={2} align="flex-start" data-testid="upi-pending">
        <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
          {t('feeUpi.pending.badge')}
        </Badge>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('feeUpi.pending.reference', { reference: instalment.upiClaim.reference })}
        </Text>
      </Stack>
    );
  }
  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<IconQrcode size={16} aria-hidden />} onClick={() => setOpen(true)} aria-label={t('feeUpi.pay.openNamed', { seq: instalment.seq })}>
        {t('feeUpi.pay.open')}
      </Button>
      {open ? <UpiPayModal instalment={instalment} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The UPI actions of a student's instalments, or none when the school takes no UPI without a gateway. */
export function upiActions(fees: StudentFees): ((instalment: Instalment) => ReactNode) | undefined {
  if (!fees.payOptions.upi) return undefined;
  return (instalment) => <UpiInstalmentAction instalment={instalment} />;
}
