import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentRegisterInput, UdiseCheckRow } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * The school's registers (issue 26): a student's register entry (the Register card of a student's
 * details), the admission register (/admissionregister) and the UDISE+ export. Keys under
 * ['registers'], so a saved entry refreshes the admission register too.
 */
export const registerKeys = {
  all: ['registers'] as const,
  student: (studentId: string) => ['registers', 'student', studentId] as const,
  admission: (search: string, page: number, pageSize: number) => ['registers', 'admission', search, page, pageSize] as const,
};

export function useStudentRegister(studentId: string, enabled = true) {
  return useQuery({ queryKey: registerKeys.student(studentId), queryFn: ({ signal }) => call('studentRegisterGet', { params: { studentId }, signal }), enabled });
}

export function useSaveStudentRegister(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentRegisterInput) => call('studentRegisterSave', { params: { studentId }, body }),
    onSuccess: async (saved) => {
      client.setQueryData(registerKeys.student(studentId), saved);
      await client.invalidateQueries({ queryKey: ['registers', 'admission'] });
    },
  });
}

export function useAdmissionRegister(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: registerKeys.admission(search, page, pageSize),
    queryFn: ({ signal }) => call('admissionRegister', { query: { search, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The admission register (or the search of it) as CSV. */
export function downloadAdmissionRegister(search: string) {
  return downloadRoute('admissionRegisterCsv', { query: { search: search || undefined } }, 'admission-register.csv');
}

export interface UdiseScope {
  sessionId: string;
  classId?: string;
}

/** `format=check`: the students still missing a field UDISE+ requires. */
export function useUdiseCheck() {
  return useMutation({ mutationFn: async (scope: UdiseScope) => (await call('udiseExport', { query: { ...scope, format: 'check' } })) as UdiseCheckRow[] });
}

/** The UDISE+ export of a session (a class) as CSV or a spreadsheet. */
export function downloadUdise(scope: UdiseScope, format: 'csv' | 'xlsx') {
  return downloadRoute('udiseExport', { query: { ...scope, format } }, `udise-students.${format}`);
}
