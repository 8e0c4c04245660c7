import { lazyScreens } from '../../lib/screen';

/** The screens of this area, by route path (routes.tsx spreads them). */
export const NOTICE_SCREENS = lazyScreens({
  '/noticeboard': () => import('./NoticeFormPage').then((m) => ({ default: m.AddNoticePage })),
  '/viewall_notice': () => import('./NoticesPage'),
  '/editnoticeboard/:noticeId': () => import('./NoticeFormPage').then((m) => ({ default: m.EditNoticePage })),
});
