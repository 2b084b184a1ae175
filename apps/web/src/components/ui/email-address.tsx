import { Fragment } from 'react';

/** Splits before every '@' and '.', keeping each piece's position as a stable key. */
function pieces(email: string): { at: number; text: string }[] {
  let at = 0;
  return email.split(/(?=[@.])/).map((text) => {
    const piece = { at, text };
    at += text.length;
    return piece;
  });
}

/** An email address that wraps, when it must, before its '@' or a dot rather than mid-word. */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="email-address">
      {pieces(email).map(({ at, text }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {text}
        </Fragment>
      ))}
    </span>
  );
}
