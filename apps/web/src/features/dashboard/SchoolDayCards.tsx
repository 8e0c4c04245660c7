/** The school day on each dashboard: today's attendance and the calendar, by role (to be built). */
export default function SchoolDayCards() {
  return null;
}
