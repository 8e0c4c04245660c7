import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNotice } from '../../api/notices';
import type { ScreenProps } from '../../lib/screen';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { NoticeForm } from './NoticeForm';

/** /noticeboard (113): publish a notice to chosen roles. */
export function AddNoticePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('notices.form.addHint')} />
      <NoticeForm />
    </>
  );
}

/** /editnoticeboard/:noticeId (113): the same form, filled with the notice. */
export function EditNoticePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { noticeId } = useParams();
  const notice = useNotice(noticeId);
  return (
    <>
      <PageHeading title={t(route.title)} description={notice.data ? t('notices.form.editHint', { title: notice.data.title }) : undefined} />
      <RecordState query={notice}>
        {() => (notice.data ? <NoticeForm key={notice.data.noticeId} notice={notice.data} /> : null)}
      </RecordState>
    </>
  );
}
