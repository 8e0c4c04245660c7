/** The dashboard's latest class work for a student or a parent's child (class work helper fills it). */
export default function ClassWorkCard() {
  return null;
}
