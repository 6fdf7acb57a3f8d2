import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects it to: before the '@' and before each
 * dot of the domain, never in the middle of a name.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)];
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
