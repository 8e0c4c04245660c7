/** Does the typed confirmation name the student? Case, and spaces around and between words, do not matter (as on the server). */
export function namesMatch(typed: string, name: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(name);
}
