/**
 * An e-mail address that wraps only where a reader expects it to: before the '@', never inside the
 * name or the domain (not at a hyphen, not before ".com"). A cell narrower than either half shows it
 * whole and wider, rather than broken.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const whole = { whiteSpace: 'nowrap' } as const;
  if (at <= 0) return <span style={{ ...whole, overflowWrap: 'normal', wordBreak: 'normal' }}>{email}</span>;
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      <span style={whole}>{email.slice(0, at)}</span>
      <wbr />
      <span style={whole}>{email.slice(at)}</span>
    </span>
  );
}
