import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LANDING, WEB_ROUTES, type WebRoute } from '@shala/contract/web';
import { PageLoader } from '../components/PageLoader';
import { TextsReady } from '../components/TextsReady';
import { RoleGate } from './guards';
import { DutyGate } from './DutyGate';
import type { ScreenProps } from '../lib/screen';
// In the layout's chunk (chunks.ts), rendered with it after the sign-in (no loader between them).
import DashboardPage from '../features/dashboard/DashboardPage';
import { TIMETABLE_SCREENS } from '../features/timetable/screens';
import { CALENDAR_SCREENS } from '../features/calendar/screens';
import { ATTENDANCE_SCREENS } from '../features/attendance/screens';
import { FEE_SCREENS } from '../features/fees/screens';
import { NOTICE_SCREENS } from '../features/notices/screens';
import { CLASSWORK_SCREENS } from '../features/classwork/screens';
import { EXAM_SCREENS } from '../features/exams/screens';
import { CHAT_SCREENS } from '../features/chat/screens';
import { NOTIFICATION_SCREENS } from '../features/notifications/screens';
import { PRIVACY_SCREENS } from '../features/privacy/screens';
import { REGISTER_SCREENS } from '../features/registers/screens';
import { MESSAGING_SCREENS } from '../features/messaging/screens';
import { MESSAGE_SCREENS } from '../features/messages/screens';
import { MESSAGING_SETTINGS_SCREENS } from '../features/messaging-settings/screens';
import { CERTIFICATE_SCREENS } from '../features/certificates/screens';
import { STAFF_SCREENS } from '../features/staff/screens';
import { LEAVE_SCREENS } from '../features/leave/screens';

// The signed-in screens: every route of the contract's web table and the screen it renders. This
// module loads with the signed-in layout, not with the login page (its JavaScript budget). A screen
// shows once every text is in; the dashboard's numbers come with the layout's few (TextsReady).
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const EditProfilePage = lazy(() => import('../features/profile/EditProfilePage'));
const SchoolListPage = lazy(() => import('../features/schools/SchoolListPage'));
const SchoolFormPage = lazy(() => import('../features/schools/SchoolFormPage'));
const SchoolDetailsPage = lazy(() => import('../features/schools/SchoolDetailsPage'));
const PeopleListPage = lazy(() => import('../features/people/PeopleListPage'));
const PersonFormPage = lazy(() => import('../features/people/PersonFormPage'));
const PersonDetailsPage = lazy(() => import('../features/people/PersonDetailsPage'));
const MyChildrenPage = lazy(() => import('../features/parent/MyChildrenPage'));
const StatusPage = lazy(() => import('../features/status/StatusPage'));
const SessionsPage = lazy(() => import('../features/academics/structure/SessionsPage'));
const SubjectListPage = lazy(() => import('../features/academics/structure/SubjectListPage'));
const SubjectFormPage = lazy(() => import('../features/academics/structure/SubjectFormPage'));
const ClassListPage = lazy(() => import('../features/academics/structure/ClassListPage'));
const ClassFormPage = lazy(() => import('../features/academics/structure/ClassFormPage'));
// Academics: the subjects and teachers of classes, teachers' and students' views
const AssignedClassListPage = lazy(() => import('../features/academics/assign/AssignedClassListPage'));
const ClassDetailsPage = lazy(() => import('../features/academics/assign/ClassDetailsPage'));
const AssignClassPage = lazy(() => import('../features/academics/assign/AssignClassPage'));
const AssignTeacherSubjectPage = lazy(() => import('../features/academics/assign/AssignTeacherSubjectPage'));
const TeacherClassesPage = lazy(() => import('../features/academics/assign/TeacherClassesPage'));
const StudentClassPage = lazy(() => import('../features/academics/assign/StudentClassPage'));
const TeacherClassesCard = lazy(() => import('../features/academics/assign/TeacherClassesCard'));
const StudentClassCard = lazy(() => import('../features/academics/assign/StudentClassCard'));
// Academics: students into classes, roll numbers, promotion
const AssignStudentsPage = lazy(() => import('../features/academics/enrolment/AssignStudentsPage'));
const PromotionPage = lazy(() => import('../features/academics/enrolment/PromotionPage'));

const DASHBOARD_PATHS = new Set<string>(['/dashboard', ...Object.values(LANDING)]);

/** A screen component with some of its props fixed (the kind of person, the mode). */
function screen<P extends object>(Component: ComponentType<ScreenProps & P>, fixed: P): ComponentType<ScreenProps> {
  function Screen(props: ScreenProps) {
    return <Component {...props} {...fixed} />;
  }
  return Screen;
}

const teacherInfoDetail = (userId: string) => `/detailsviewteacherInfo/${userId}`;

/** Built screens by route path; every other route of the table shows 'coming soon'. */
const SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/profile': ProfilePage,
  '/editprofile': EditProfilePage,
  // 111: schools and their system admins
  '/viewSchool': SchoolListPage,
  '/schoollist': SchoolListPage,
  '/addSchool': screen(SchoolFormPage, { mode: 'create' as const }),
  '/editschool/:schoolId': screen(SchoolFormPage, { mode: 'edit' as const }),
  '/detailsSchool/:schoolId': SchoolDetailsPage,
  '/addadmin/:schoolId': screen(PersonFormPage, { kind: 'systemAdmins' as const, mode: 'create' as const }),
  '/viewadmin': screen(PeopleListPage, { kind: 'systemAdmins' as const }),
  '/detailsAdmin/:userId': screen(PersonDetailsPage, { kind: 'systemAdmins' as const }),
  // 112: principals
  '/addadminschool': screen(PersonFormPage, { kind: 'principals' as const, mode: 'create' as const }),
  '/viewadminschool': screen(PeopleListPage, { kind: 'principals' as const }),
  '/viewSchooladmindetails/:userId': screen(PersonDetailsPage, { kind: 'principals' as const }),
  '/editAdmin/:userId': screen(PersonFormPage, { kind: 'principals' as const, mode: 'edit' as const }),
  '/editadmindetails/:userId': screen(PersonFormPage, { kind: 'principals' as const, mode: 'edit' as const }),
  // 112 and 113: teachers, students, parents
  '/addteacher': screen(PersonFormPage, { kind: 'teachers' as const, mode: 'create' as const }),
  '/viewteachers': screen(PeopleListPage, { kind: 'teachers' as const }),
  '/viewteacherinfo': screen(PeopleListPage, { kind: 'teachers' as const, detailPath: teacherInfoDetail }),
  '/detailsTeacher/:userId': screen(PersonDetailsPage, { kind: 'teachers' as const }),
  '/detailsviewteacherInfo/:userId': screen(PersonDetailsPage, { kind: 'teachers' as const, backPath: '/viewteacherinfo', aside: TeacherClassesCard }),
  '/editteacher/:userId': screen(PersonFormPage, { kind: 'teachers' as const, mode: 'edit' as const }),
  '/addstudents': screen(PersonFormPage, { kind: 'students' as const, mode: 'create' as const }),
  '/viewstudent': screen(PeopleListPage, { kind: 'students' as const }),
  '/viewstudentdetail/:userId': screen(PersonDetailsPage, { kind: 'students' as const }),
  '/editstudent/:userId': screen(PersonFormPage, { kind: 'students' as const, mode: 'edit' as const }),
  '/addParent': screen(PersonFormPage, { kind: 'parents' as const, mode: 'create' as const }),
  '/viewparents': screen(PeopleListPage, { kind: 'parents' as const }),
  '/DetailsParent/:userId': screen(PersonDetailsPage, { kind: 'parents' as const }),
  '/editparent/:userId': screen(PersonFormPage, { kind: 'parents' as const, mode: 'edit' as const }),
  // 112 and 113: sessions, subjects, classes and sections
  '/viewsessions': SessionsPage,
  '/viewsubject': SubjectListPage,
  '/addsubject': SubjectFormPage,
  '/viewclass': ClassListPage,
  '/addclass': ClassFormPage,
  // 112 and 113: students into classes, roll numbers, promotion
  '/assignedstudent': AssignStudentsPage,
  '/promotion': PromotionPage,
  // 115: own children
  '/viewstudentsinfo': MyChildrenPage,
  '/detail_studentsinfo/:userId': screen(PersonDetailsPage, { kind: 'students' as const, asParent: true, aside: StudentClassCard }),
  // Academics: assigned classes, their subjects and teachers (112, 113)
  '/viewassignedclasses': AssignedClassListPage,
  '/detailsviewAssignedclasses/:assignClassId': ClassDetailsPage,
  '/assignedclass': AssignClassPage,
  '/assignsubject': AssignClassPage,
  '/assignteachersubject': AssignTeacherSubjectPage,
  // 114: own classes; 116: own class
  '/getteacherclass': TeacherClassesPage,
  '/detailsclassteacherview/:assignClassId': screen(ClassDetailsPage, { readOnly: true }),
  '/studentClass': StudentClassPage,
  // The school day: periods and timetables, holidays and the calendar, attendance
  ...TIMETABLE_SCREENS,
  ...CALENDAR_SCREENS,
  ...ATTENDANCE_SCREENS,
  ...FEE_SCREENS,
  ...NOTICE_SCREENS,
  ...CLASSWORK_SCREENS,
  ...EXAM_SCREENS,
  ...CHAT_SCREENS,
  ...NOTIFICATION_SCREENS,
  ...PRIVACY_SCREENS,
  ...REGISTER_SCREENS,
  ...MESSAGING_SCREENS,
  ...MESSAGE_SCREENS,
  ...MESSAGING_SETTINGS_SCREENS,
  ...CERTIFICATE_SCREENS,
  ...STAFF_SCREENS,
  ...LEAVE_SCREENS,
};

/** The screen that renders a route of the contract's table (a test checks every route has one). */
export function screenFor(route: WebRoute): ComponentType<ScreenProps> | undefined {
  if (DASHBOARD_PATHS.has(route.path)) return DashboardPage;
  return SCREENS[route.path];
}

function screenRoute(route: WebRoute): RouteObject {
  const Screen = screenFor(route);
  if (!Screen) return { path: route.path, element: notFound };
  return {
    path: route.path,
    element: (
      <RoleGate route={route}>
        <DutyGate route={route}>
          <Suspense fallback={<PageLoader />}>
            {Screen === DashboardPage ? (
              <Screen route={route} />
            ) : (
              <TextsReady fallback={<PageLoader />}>
                <Screen route={route} />
              </TextsReady>
            )}
          </Suspense>
        </DutyGate>
      </RoleGate>
    ),
  };
}

const notFound = (
  <Suspense fallback={<PageLoader />}>
    <StatusPage status={404} />
  </Suspense>
);

const SIGNED_IN_ROUTES: RouteObject[] = [...WEB_ROUTES.map(screenRoute), { path: '*', element: notFound }];

/** Inside the signed-in layout: the screen of the current path, its role gate, or the 404 page. */
export default function SignedInRoutes() {
  return useRoutes(SIGNED_IN_ROUTES);
}
