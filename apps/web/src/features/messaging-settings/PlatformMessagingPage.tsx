import type { ScreenProps } from '../../lib/screen';
import { SettingsView } from './MessagingSettingsPage';

/**
 * /platformmessaging (111): the platform's SMS and WhatsApp accounts, which every school without
 * its own sends on. The same forms as a school's settings, without the rules (the built-in
 * defaults hold where a school has set none).
 */
export default function PlatformMessagingPage({ route }: ScreenProps) {
  return <SettingsView route={route} scope="platform" />;
}
