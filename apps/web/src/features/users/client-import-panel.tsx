import type { FieldErrors } from '@portal/contract/envelope';
import { CLIENT_IMPORT_LIMITS, type ImportCheck, USER_CSV_MESSAGES } from '@portal/contract/user-csv';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { z } from 'zod';
import { DataTable } from '../../components/data-table';
import { FieldError, invalidAttributes } from '../../components/field-error';
import { MessageAlert } from '../../components/message-alert';
import { useContractForm } from '../../components/use-contract-form';
import { readApiError } from '../../lib/api-error';
import type { Transfer } from '../../lib/transfer-progress';
import { ImportProgress } from './import-progress';
import { downloadImportTemplate, useImportCheck, useImportClients } from './user-csv-api';

type ImportValues = { file: File | null };
// Web-only: the import route reads a multipart file, which no schema of the contract describes; the server
// applies the same limit (CLIENT_IMPORT_LIMITS) to the bytes it receives.
const importFileSchema = z.object({
  file: z
    .custom<File>((value) => value instanceof File)
    .refine((file) => file.size <= CLIENT_IMPORT_LIMITS.maxBytes, USER_CSV_MESSAGES.tooLarge),
});

/** One error of the file: its spreadsheet row (the header is row 1), the column, the message. */
type ProblemLine = { key: string; row: string; column: string; message: string };

const COLUMN_WORDS: Record<string, string> = { row: '(the whole row)', file: '(the file)' };

function linesOfCheck(check: ImportCheck): ProblemLine[] {
  return check.problems.flatMap((problem) =>
    Object.entries(problem.errors).flatMap(([column, messages]) =>
      messages.map((message) => ({
        key: `${problem.row}.${column}.${message}`,
        row: String(problem.row),
        column: COLUMN_WORDS[column] ?? column,
        message,
      })),
    ),
  );
}

/** A refusal's errors as lines: `rows.7.email` is row 7, `header.x` the header (row 1), `file` the file. */
function linesOfRefusal(errors: FieldErrors): ProblemLine[] {
  return Object.entries(errors).flatMap(([key, messages]) => {
    const inRow = /^rows\.(\d+)\.(.+)$/.exec(key);
    const inHeader = /^header\.(.+)$/.exec(key);
    const row = inRow ? (inRow[1] as string) : inHeader ? '1' : '';
    const column = inRow ? (inRow[2] as string) : inHeader ? (inHeader[1] as string) : key;
    return messages.map((message) => ({
      key: `${key}.${message}`,
      row,
      column: COLUMN_WORDS[column] ?? column,
      message,
    }));
  });
}

function summaryOf(check: ImportCheck): string {
  if (check.problems.length === 0)
    return `All ${check.rows} ${check.rows === 1 ? 'row is' : 'rows are'} ready to import.`;
  return `${check.rows} rows checked: ${check.valid} ready, ${check.problems.length} with errors. Fix them in the file, choose it again and run the dry run.`;
}

/**
 * Clients from a CSV file (issue 13): the template, a dry run that lists every row's errors, then the
 * import, which creates every row or none. Import is offered once a dry run of the chosen file is clean.
 */
export function ClientImportPanel({ onImported }: { onImported: (message: string) => void }) {
  const form = useContractForm<ImportValues, { file: File }>({
    schema: importFileSchema,
    defaultValues: { file: null },
    showSuccess: false,
  });
  const file = form.watch('file');
  const fileError = form.errors.file?.message;
  // A new input after an import, so the same file name can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: ProblemLine[] } | null>(null);
  const [sent, setSent] = useState<Transfer | null>(null);
  const dryRun = useImportCheck(setSent);
  const importing = useImportClients(setSent);
  const busy = dryRun.isPending || importing.isPending;

  const choose = (chosen: File | null) => {
    form.setValue('file', chosen);
    setCheck(null);
    setFailure(null);
    // A file over the limit is refused here, before a byte is sent.
    if (chosen) void form.trigger('file');
    else form.clearErrors('file');
  };
  const refuse = (error: unknown) => {
    const { message, errors } = readApiError(error);
    setFailure({ message, lines: linesOfRefusal(errors) });
  };
  const runDryRun = form.handleSubmit(async ({ file: chosen }) => {
    setFailure(null);
    setSent(null);
    try {
      setCheck((await dryRun.mutateAsync(chosen)).data);
    } catch (error) {
      setCheck(null);
      refuse(error);
    }
  });
  const runImport = form.handleSubmit(async ({ file: chosen }) => {
    setSent(null);
    try {
      const answer = await importing.mutateAsync(chosen);
      choose(null);
      setInputKey((key) => key + 1);
      onImported(answer.message);
    } catch (error) {
      setCheck(null);
      refuse(error);
    }
  });
  const getTemplate = async () => {
    try {
      await downloadImportTemplate();
    } catch (error) {
      refuse(error);
    }
  };

  const lines = failure ? failure.lines : check ? linesOfCheck(check) : [];
  const ready = check !== null && check.problems.length === 0;
  return (
    <section aria-label="Import clients" className="border rounded p-3 mb-3">
      <p className="mb-1">
        Add many clients at once from a CSV file (UTF-8) of at most {CLIENT_IMPORT_LIMITS.maxRows} rows, its first row
        naming the columns as the template does. Each new client is invited by mail to choose a password.
      </p>
      <Button variant="link" className="p-0 mb-2" onClick={getTemplate}>
        Download the template
      </Button>
      <Form.Group controlId="client-import-file" className="mb-2">
        <Form.Label>CSV file</Form.Label>
        <Form.Control
          key={inputKey}
          type="file"
          accept=".csv,text/csv"
          {...invalidAttributes('client-import-file', fileError)}
          onChange={(event) => choose((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <FieldError controlId="client-import-file" error={fileError} />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button variant="outline-primary" disabled={!file || !!fileError || busy} onClick={runDryRun}>
          {dryRun.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden />}
          Dry run
        </Button>
        <Button variant="primary" disabled={!ready || busy} onClick={runImport}>
          {importing.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden />}
          Import
        </Button>
      </div>
      <ImportProgress
        step={dryRun.isPending ? 'check' : importing.isPending ? 'import' : null}
        sent={sent}
        ready={check?.valid}
      />
      {failure && <MessageAlert variant="danger" messages={failure.message} />}
      {check && !failure && <MessageAlert variant={ready ? 'success' : 'warning'} messages={summaryOf(check)} />}
      {lines.length > 0 && (
        <DataTable
          columns={[
            { header: 'Row', cell: (line) => line.row || '—' },
            { header: 'Column', cellClassName: 'text-break', cell: (line) => line.column },
            { header: 'Error', cell: (line) => line.message },
          ]}
          rows={lines}
          loading={false}
          loadingLabel="Checking the file"
          layout="rows"
          compact
          className="small mb-0"
          ariaLabel="Errors in the file"
          rowKey={(line) => line.key}
        />
      )}
    </section>
  );
}
