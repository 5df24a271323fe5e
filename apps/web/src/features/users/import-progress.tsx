import { NamedProgressBar } from '../../components/named-progress-bar';
import { describeTransfer, percentOf, type Transfer } from '../../lib/transfer-progress';

type ImportProgressProps = {
  /** Which step runs: the dry run checks, the import creates; null when neither does. */
  step: 'check' | 'import' | null;
  sent: Transfer | null;
  /** The rows the clean dry run found ready, which the import creates. */
  ready?: number;
};

/** What a running step is doing, in words. */
export function describeImportStep(step: 'check' | 'import', sent: Transfer | null, ready?: number): string {
  const sending = sent?.total !== undefined && sent.done < sent.total;
  if (!sent || sending) return `Sending the file${sent ? `: ${describeTransfer(sent)}` : '…'}`;
  if (step === 'check') return 'Checking every row…';
  const clients = ready === undefined ? 'the clients' : `${ready} ${ready === 1 ? 'client' : 'clients'}`;
  return `Creating ${clients} and their invitations…`;
}

/**
 * The file's bytes as they leave, then what the server is doing with them: a thousand rows take a
 * while on a slow connection, and a spinner alone reads as stuck.
 */
export function ImportProgress({ step, sent, ready }: ImportProgressProps) {
  const percent = sent ? percentOf(sent) : undefined;
  return (
    <div className="mb-2">
      <div role="status" className="small">
        {step ? describeImportStep(step, sent, ready) : ''}
      </div>
      {step && percent !== undefined && percent < 100 && (
        <NamedProgressBar percent={percent} name="Sending the file" className="mt-1" />
      )}
    </div>
  );
}
