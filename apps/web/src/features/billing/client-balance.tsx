import { useQuery } from '@tanstack/react-query';
import { describeBalance } from './client-ledger-section';
import { ledgerBalanceQuery } from './ledger-api';

/** "Balance ₹12,345.00" or "In credit ₹500.00" on a client's header, for the staff who bill it. */
export function ClientBalance({ clientId }: { clientId: number }) {
  const balance = useQuery(ledgerBalanceQuery(clientId));
  if (!balance.data) return null;
  return (
    <span className="fw-semibold" data-testid="client-balance">
      {describeBalance(balance.data.balance_paise)}
    </span>
  );
}
