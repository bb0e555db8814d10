import { formatChileanPhone } from '@bec/contracts';
import { Anchor } from '@mantine/core';

/** A stored (E.164) phone as people read it ("+56 9 1234 5678"), dialled by a tap. */
export function BrokerPhone({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone}`} style={{ whiteSpace: 'nowrap' }}>
      {formatChileanPhone(phone)}
    </Anchor>
  );
}

export function BrokerEmail({ email }: { email: string }) {
  return <Anchor href={`mailto:${email}`}>{email}</Anchor>;
}
