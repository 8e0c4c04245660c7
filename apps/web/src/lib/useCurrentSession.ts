import { useEffect } from 'react';
import { pickSession, ROLE, type AcademicSession } from '@shala/contract';
import { useAuth } from '../api/auth';
import { useSessions } from '../api/queries';
import { SESSION_KEY, session } from '../api/storage';

/** The chosen academic session: stored SessionId, else current, else index 2, else the first. */
export function useCurrentSession(): { sessions: AcademicSession[] | undefined; current: AcademicSession | null; isLoading: boolean } {
  const { role } = useAuth();
  const { data, isLoading } = useSessions(role !== ROLE.OWNER);
  const current = data ? pickSession(data, session.get(SESSION_KEY.sessionId)) : null;
  useEffect(() => {
    if (current && session.get(SESSION_KEY.sessionId) !== current.sessionId) {
      session.set(SESSION_KEY.sessionId, current.sessionId);
    }
  }, [current]);
  return { sessions: data, current, isLoading };
}
