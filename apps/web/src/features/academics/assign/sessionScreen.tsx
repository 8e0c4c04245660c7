import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { WithSession } from './parts';

/**
 * A screen of the selected session, as a route's default export: the route's title and the text
 * `description` (a key) as its heading, then `render(session)` (or WithSession's empty state).
 *
 *   export default sessionScreen('x.description', (session) => <X session={session} />);
 */
export function sessionScreen(description: string, render: (session: AcademicSession) => ReactNode) {
  return function SessionScreen({ route }: ScreenProps) {
    const { t } = useTranslation();
    return (
      <>
        <PageHeading title={t(route.title)} description={t(description)} />
        <WithSession>{render}</WithSession>
      </>
    );
  };
}
