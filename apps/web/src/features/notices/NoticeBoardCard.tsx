/** The dashboard's notice board: the active notices for the caller's role (notices helper fills it). */
export default function NoticeBoardCard() {
  return null;
}
