/** What the demo's communication needs of the demo school (issue 10). */
export interface DemoCommunicationInput {
  schoolId: string;
  session: { id: string; startDate: string; endDate: string };
  timeZone: string;
  /** Class key (`5-A`) → its id. */
  classId: Map<string, string>;
  /** Subject code → its id. */
  subjectId: Map<string, string>;
  /** Login id (`DEMO-T0001`) → user id. */
  idOf: Map<string, string>;
  /** Who teaches what: class key, subject code, teacher's login id. */
  cells: Array<{ key: string; subject: string; teacher: string }>;
  /** Section key → its class teacher's login id. */
  classTeachers?: Map<string, string>;
  /** The students with their section, parent's login id and names (for the families' chats). */
  students?: Array<{ loginId: string; cls: string; parent: string; name: string; parentName: string }>;
}
