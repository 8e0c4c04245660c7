import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CheckinBody, CheckinResult } from '@shala/contract';
import { useCheckin } from '../../api/staff-leave';
import { apiErrorText } from '../../api/errors';
import { isApiError } from '../../api/http';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';
import { useAddressParams } from '../../lib/useListParams';
import { qrReader, tokenFromText } from './qrScan';

type Position = NonNullable<CheckinBody['position']>;

/** The phone's position, once, as precisely as it can (the server keeps only inside-or-not). */
function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Math.min(100_000, Math.max(0, p.coords.accuracy)) }),
      reject,
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

/**
 * /checkin (112–114), on a phone: the office's QR opened by the camera app (`?t=<token>`: one big
 * "Check in"), or scanned here (the camera; a pasted code without one). Where the school checks in
 * on campus, the phone's position is asked once and sent with the token.
 */
export default function CheckinPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const fromLink = tokenFromText(params.get('t') ?? '');
  const [token, setToken] = useState<string | null>(fromLink);
  const checkin = useCheckin();
  const [needsPosition, setNeedsPosition] = useState(false);
  const [locating, setLocating] = useState(false);
  const [positionError, setPositionError] = useState(false);
  const [result, setResult] = useState<CheckinResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const send = (body: CheckinBody) => {
    setFailure(null);
    checkin.mutate(body, {
      onSuccess: (r) => {
        setResult(r);
        setNeedsPosition(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.reason === 'position_needed') setNeedsPosition(true);
        else setFailure(error);
      },
    });
  };
  const withPosition = async () => {
    if (!token) return;
    setPositionError(false);
    setLocating(true);
    try {
      const position = await currentPosition();
      send({ token, position });
    } catch {
      setPositionError(true);
    } finally {
      setLocating(false);
    }
  };
  const scanAgain = () => {
    setToken(null);
    setFailure(null);
    setNeedsPosition(false);
    update({ t: null });
  };
  const invalid = isApiError(failure) && failure.reason === 'qr_invalid';
  const already = isApiError(failure) && failure.reason === 'already_checked_in';

  return (
    <>
      <PageHeading title={t(route.title)} description={t('checkin.description')} />
      <Stack gap="md" maw={480}>
        {result ? (
          <Paper withBorder radius="md" p="lg" role="status" data-testid="checkin-result">
            <Stack gap="xs" align="center">
              <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
              <CheckinDone result={result} />
            </Stack>
          </Paper>
        ) : token ? (
          <Stack gap="md">
            {failure ? (
              <Alert color={invalid ? 'orange' : 'red'} role="alert" title={t('checkin.failed')}>
                <Text size="sm">{apiErrorText(failure, t)}</Text>
                {invalid ? (
                  <Button mt="sm" size="sm" variant="white" leftSection={<IconCamera size={16} aria-hidden />} onClick={scanAgain}>
                    {t('checkin.scanAgain')}
                  </Button>
                ) : null}
              </Alert>
            ) : null}
            {needsPosition ? (
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Text size="sm">{t('checkin.positionWhy')}</Text>
                  {positionError ? (
                    <Alert color="red" role="alert">
                      {t('checkin.positionFailed')}
                    </Alert>
                  ) : null}
                  <Button size="lg" leftSection={<IconMapPin size={20} aria-hidden />} loading={locating || checkin.isPending} onClick={() => void withPosition()}>
                    {t('checkin.sharePosition')}
                  </Button>
                </Stack>
              </Paper>
            ) : invalid || already ? null : (
              <Button size="xl" h={96} fz="xl" loading={checkin.isPending} onClick={() => send({ token })} fullWidth>
                {t('checkin.checkIn')}
              </Button>
            )}
          </Stack>
        ) : (
          <Scanner
            onToken={(tok) => {
              setToken(tok);
              send({ token: tok });
            }}
          />
        )}
      </Stack>
    </>
  );
}

function CheckinDone({ result }: { result: CheckinResult }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      <Text fw={700} size="xl" ta="center">
        {t('checkin.doneAt', { time: fmt.time(result.checkInAt) })}
      </Text>
      {result.lateMinutes > 0 ? (
        <Badge color="orange" size="lg" variant="light" tt="none">
          {t('checkin.late', { count: result.lateMinutes })}
        </Badge>
      ) : (
        <Badge color="green" size="lg" variant="light" tt="none">
          {t('checkin.onTime')}
        </Badge>
      )}
      {result.inside === null ? null : (
        <Badge color={result.inside ? 'green' : 'red'} size="lg" variant="light" tt="none">
          {result.inside ? t('checkin.inside') : t('checkin.outside')}
        </Badge>
      )}
    </>
  );
}

/** The camera, reading QR codes until one holds a check-in token; without a camera, a field to paste the code. */
function Scanner({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [cameraError, setCameraError] = useState<'denied' | 'none' | null>(null);
  const [notCheckin, setNotCheckin] = useState(false);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState(false);
  const found = useRef(onToken);
  found.current = onToken;

  useEffect(() => {
    let live = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCameraError('none');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (live) setCameraError(error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'none');
        return;
      }
      if (!live || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await qrReader().catch(() => null);
      if (!read) {
        if (live) setCameraError('none');
        return;
      }
      const tick = async () => {
        if (!live || !video.current) return;
        const text = await read(video.current);
        if (!live) return;
        const token = text ? tokenFromText(text) : null;
        if (token) {
          found.current(token);
          return;
        }
        if (text) setNotCheckin(true);
        timer = setTimeout(() => void tick(), 250);
      };
      void tick();
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const submitPaste = () => {
    const token = tokenFromText(pasted);
    if (token) onToken(token);
    else setPasteError(true);
  };

  return (
    <Stack gap="md">
      {cameraError ? (
        <Alert color="yellow" role="alert" title={cameraError === 'denied' ? t('checkin.cameraDenied') : t('checkin.noCamera')}>
          {t('checkin.pasteInstead')}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('checkin.scanHint')}</Text>
          <video ref={video} muted playsInline aria-label={t('checkin.cameraLabel')} style={{ width: '100%', maxHeight: '60vh', borderRadius: 8, background: '#000', objectFit: 'cover' }} />
          {notCheckin ? (
            <Text size="sm" c="orange.8" role="status">
              {t('checkin.notCheckinCode')}
            </Text>
          ) : null}
        </>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitPaste();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('checkin.pasteLabel')}
            value={pasted}
            onChange={(e) => {
              setPasted(e.currentTarget.value);
              setPasteError(false);
            }}
            error={pasteError ? t('checkin.pasteInvalid') : undefined}
            autoComplete="off"
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" variant="light">
            {t('checkin.checkIn')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
