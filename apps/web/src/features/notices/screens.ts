import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const NoticesPage = lazy(() => import('./NoticesPage'));
const AddNoticePage = lazy(() => import('./NoticeFormPage').then((m) => ({ default: m.AddNoticePage })));
const EditNoticePage = lazy(() => import('./NoticeFormPage').then((m) => ({ default: m.EditNoticePage })));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const NOTICE_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/noticeboard': AddNoticePage,
  '/viewall_notice': NoticesPage,
  '/editnoticeboard/:noticeId': EditNoticePage,
};
