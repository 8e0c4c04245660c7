import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconBellRinging, IconBellOff, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/errors';
import { pushState, turnOffPush, turnOnPush, type PushState } from './push-client';

/**
 * "Get alerts on this phone": Web Push for this browser, with its states (on with Turn off, off
 * with the button, blocked by the browser, not supported, iPhone outside the home screen).
 */
export function PushConsent({ initial }: { initial?: PushState }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(initial ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (initial) return;
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => void (live = false);
  }, [initial]);

  const act = (step: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    step()
      .then(setState)
      .catch((err: unknown) => setError(err))
      .finally(() => setBusy(false));
  };

  if (state === null) return <Loader size="xs" aria-label={t('push.checking')} />;

  const box = (color: string, icon: ReactNode, title: string, text: string, action?: ReactNode) => (
    <Alert color={color} variant="light" icon={icon} title={title} data-testid="push-consent" data-state={state}>
      <Text size="sm">{text}</Text>
      {action ? <Group mt="xs">{action}</Group> : null}
      {error ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {apiErrorText(error, t)}
        </Text>
      ) : null}
    </Alert>
  );

  switch (state) {
    case 'on':
      return box('teal', <IconBellRinging size={18} aria-hidden />, t('push.onTitle'), t('push.onText'), (
        <Button size="xs" variant="default" loading={busy} onClick={() => act(turnOffPush)}>
          {t('push.turnOff')}
        </Button>
      ));
    case 'off':
      return box('indigo', <IconBellRinging size={18} aria-hidden />, t('push.offTitle'), t('push.offText'), (
        <Button size="xs" loading={busy} onClick={() => act(turnOnPush)}>
          {t('push.turnOn')}
        </Button>
      ));
    case 'blocked':
      return box('orange', <IconLock size={18} aria-hidden />, t('push.blockedTitle'), t('push.blockedText'));
    case 'install':
      return box('gray', <IconDeviceMobile size={18} aria-hidden />, t('push.installTitle'), t('push.installText'));
    default:
      return box('gray', <IconBellOff size={18} aria-hidden />, t('push.unsupportedTitle'), t('push.unsupportedText'));
  }
}
