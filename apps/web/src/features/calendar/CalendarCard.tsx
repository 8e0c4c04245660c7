/** A month calendar card for the dashboards: holidays, weekly offs and a child's attendance (to be built). */
export default function CalendarCard(_props: { studentId?: string }) {
  return null;
}
