import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { ChosenChild } from '../parent';
import { ClassWorkList, WithStudentClass } from './StudentWork';

/** /childwork: a parent picks a child, then sees its class's work. */
export default function ChildWorkPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('classwork.child.description')} />
      <ChosenChild label={t('classwork.child.pick')}>
        {(child) => (
          <WithStudentClass key={child.userId} userId={child.userId} own={false} name={child.fullName}>
            {(id) => <ClassWorkList key={id} assignClassId={id} />}
          </WithStudentClass>
        )}
      </ChosenChild>
    </>
  );
}
