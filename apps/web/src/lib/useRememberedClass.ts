import { useCallback, useEffect } from 'react';
import { useAuth } from '../api/auth';
import { local } from '../api/storage';
import { useAddressParams, type ParamChanges, type UpdateOptions } from './useListParams';

/** Where a user's last chosen class is kept (one per user, for every class picker). */
export const rememberedClassKey = (userId: string | null) => `lastClass:${userId ?? ''}`;

/**
 * The class of a class picker, in the address (`?class=`) like every picker's choice, remembered
 * per user in the browser so that a picker does not open empty every time:
 *
 * - a class in the address is the choice (and, when it is one of `classIds`, the new memory);
 * - without one, once `classIds` (the classes the picker offers) are known, the picker starts with
 *   the remembered class, else `own` (a teacher's own class), written into the address (replacing
 *   the entry, not adding one). A remembered class that is no longer offered (another session, a
 *   class removed) is forgotten silently;
 * - `choose(id)` writes the address (other parameters dropped unless `options` says otherwise)
 *   and the memory; choosing nothing forgets it.
 */
export function useRememberedClass(classIds: readonly string[] | undefined, own?: string | null) {
  const { userId } = useAuth();
  const { params, update } = useAddressParams();
  const key = rememberedClassKey(userId);
  const classId = params.get('class');
  const offered = classIds?.join(',');

  useEffect(() => {
    if (offered === undefined) return;
    const ids = offered ? offered.split(',') : [];
    if (classId) {
      if (ids.includes(classId)) local.set(key, classId);
      return;
    }
    const remembered = local.get(key);
    if (remembered && !ids.includes(remembered)) local.remove(key);
    const start = remembered && ids.includes(remembered) ? remembered : own && ids.includes(own) ? own : null;
    if (start) update({ class: start });
  }, [offered, classId, key, own, update]);

  const choose = useCallback(
    (id: string | null, changes: ParamChanges = {}, options: UpdateOptions = { reset: true }) => {
      if (id) local.set(key, id);
      else local.remove(key);
      update({ ...changes, class: id }, options);
    },
    [key, update],
  );
  return { classId, choose };
}
