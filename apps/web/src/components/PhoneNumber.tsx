/**
 * A phone number kept on one line: "+91 98596 69329" never breaks at its spaces on a phone's
 * narrow screen (the line around it wraps before it instead).
 */
export function PhoneNumber({ value }: { value: string }) {
  return (
    <span data-testid="phone" style={{ whiteSpace: 'nowrap' }}>
      {value}
    </span>
  );
}
