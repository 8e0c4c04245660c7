import {
  IconBeach,
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCalendarTime,
  IconChalkboard,
  IconCircleDot,
  IconClipboardList,
  IconClockHour4,
  IconCurrencyRupee,
  IconDots,
  IconDoor,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconSpeakerphone,
  IconCalendarStats,
  IconArrowBigUpLines,
  IconAlarm,
  IconListNumbers,
  IconNotebook,
  IconPencil,
  IconReceipt,
  IconReportAnalytics,
  IconSchool,
  IconUserCheck,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { LANDING } from '@shala/contract';

const BY_PATH: Record<string, Icon> = {
  '/dashboard': IconLayoutDashboard,
  '/viewSchool': IconBuildingCommunity,
  '/viewadmin': IconUserShield,
  '/viewadminschool': IconUserShield,
  '/viewparents': IconUsersGroup,
  '/viewteachers': IconChalkboard,
  '/viewstudent': IconSchool,
  '/viewsubject': IconBook,
  '/viewclass': IconDoor,
  '/viewassignedclasses': IconClipboardList,
  '/feesdetails': IconCurrencyRupee,
  '/addfeeemi': IconReceipt,
  '/period_datapage': IconClockHour4,
  '/assignsubject': IconBooks,
  '/holidays': IconBeach,
  '/viewholidays': IconBeach,
  '/viewtimetable': IconCalendarTime,
  '/attendancelogs': IconHistory,
  '/attendance': IconUserCheck,
  '/getteacherclass': IconChalkboard,
  '/getattendancedata': IconReportAnalytics,
  '/classwork': IconPencil,
  '/viewclasswork': IconNotebook,
  '/viewstudentsinfo': IconSchool,
  '/studentClass': IconDoor,
  '/parentviewcalender': IconCalendarEvent,
  '/parenttimetable': IconCalendarTime,
  '/studenttimetable': IconCalendarTime,
  '/ClassTimetable': IconCalendarTime,
  '/studentfeedata': IconCurrencyRupee,
  '/studentclassfees': IconCurrencyRupee,
  '/childwork': IconNotebook,
  '/mywork': IconNotebook,
  '/chat': IconMessages,
  '/viewall_notice': IconSpeakerphone,
  '/viewsessions': IconCalendarStats,
  '/promotion': IconArrowBigUpLines,
  '/assignedstudent': IconListNumbers,
  '/feedues': IconAlarm,
};

for (const path of Object.values(LANDING)) BY_PATH[path] = IconLayoutDashboard;

const BY_GROUP: Record<string, Icon> = {
  'menu.user': IconUsers,
  'menu.academic': IconSchool,
  'menu.other': IconDots,
};

export function menuIcon(path: string): Icon {
  return BY_PATH[path] ?? IconCircleDot;
}

export function groupIcon(group: string): Icon {
  return BY_GROUP[group] ?? IconDots;
}
