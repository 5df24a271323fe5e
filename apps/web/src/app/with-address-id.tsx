import type { ReactNode } from 'react';
import { useParams } from 'react-router';

/** A screen made with the record its address names (`:id`: an invoice, a receipt, a breach, a request). */
export function WithAddressId({ render }: { render: (id: number) => ReactNode }) {
  return render(Number(useParams().id));
}
