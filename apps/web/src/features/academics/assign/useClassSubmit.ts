import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClassDetail } from '@shala/contract';
import { useSubmit, type SubmitOptions } from '../../../lib/useSubmit';
import { classDetailPath } from './AssignedClassListPage';
import { useClassLabel } from './parts';

/**
 * The save of a form of one class (its subjects, its teachers): the toast names the class, then
 * the class's page; a refusal marks the fields, above the buttons and in a red toast.
 */
export function useClassSubmit<V>(form: SubmitOptions<V, ClassDetail, undefined>['form'], save: (values: V) => Promise<ClassDetail>, savedKey: 'assign.savedSubjects' | 'assign.savedTeachers') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = useClassLabel();
  return useSubmit({
    form,
    save,
    saved: (saved) => t(savedKey, { name: label(saved) }),
    done: (saved) => void navigate(classDetailPath(saved.assignClassId)),
    errorToast: true,
    invalidAlert: true,
  });
}
