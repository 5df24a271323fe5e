import { FILE_SEARCH_MESSAGES, type FileSearchFormInput, fileSearchFormSchema } from '@portal/contract/file-search';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { ShowMoreButton } from '../../components/show-more-button';
import { useContractForm } from '../../components/use-contract-form';
import { formatDate } from '../../lib/format';
import { formatBytes } from '../../lib/format-bytes';
import { fileSearchQuery, useFileSearch } from './file-search-api';

type FileSearchProps = {
  clientId: number;
  /** Where the client's files start, for the links to a result's folder. */
  basePath: string;
  /** Staff search a client's files; a client its own. */
  label: string;
};

/**
 * The file browser's search by name (docs/decisions/0057-file-search.md): three characters or more of a
 * name, the results with where each file is, a link to its folder and its download.
 */
export function FileSearch({ clientId, basePath, label }: FileSearchProps) {
  const [term, setTerm] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { register, submit, feedback, errors, isSubmitting } = useContractForm<FileSearchFormInput>({
    schema: fileSearchFormSchema,
    defaultValues: { q: '' },
    listFieldErrors: false,
    showSuccess: false,
  });
  // The first page is fetched by the form itself, so a refusal lands under the field like any form's.
  const onSubmit = submit(
    async ({ q }) => {
      await queryClient.fetchInfiniteQuery(fileSearchQuery(clientId, q));
      return { message: FILE_SEARCH_MESSAGES.searched, q };
    },
    (result) => setTerm(result.q),
  );
  return (
    <section className="d-grid gap-2">
      <Form onSubmit={onSubmit} noValidate role="search">
        {feedback.alerts}
        <Form.Label htmlFor="file-search">{label}</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id="file-search"
            type="search"
            maxLength={100}
            placeholder="A part of the file's name"
            isInvalid={Boolean(errors.q)}
            aria-describedby={errors.q ? 'file-search-error' : undefined}
            {...register('q')}
          />
          <Button type="submit" variant="outline-primary" disabled={isSubmitting}>
            Search
          </Button>
          {errors.q && (
            <Form.Control.Feedback type="invalid" id="file-search-error">
              {errors.q.message}
            </Form.Control.Feedback>
          )}
        </InputGroup>
      </Form>
      {term !== null && (
        <SearchResults clientId={clientId} basePath={basePath} term={term} onClear={() => setTerm(null)} />
      )}
    </section>
  );
}

function SearchResults(props: { clientId: number; basePath: string; term: string; onClear: () => void }) {
  const results = useFileSearch(props.clientId, props.term);
  if (results.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Searching files" />;
  if (results.isError) return <FailureAlert of={results} />;
  const files = results.data.pages.flatMap((page) => page.files);
  return (
    <div className="d-grid gap-2">
      <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap">
        <h2 className="h6 mb-0" aria-live="polite">
          {files.length === 0 ? `No file's name holds "${props.term}".` : `Files whose name holds "${props.term}"`}
        </h2>
        <Button size="sm" variant="link" className="p-0" onClick={props.onClear}>
          Clear search
        </Button>
      </div>
      {files.length > 0 && (
        <ListGroup as="ul" aria-label="Files found">
          {files.map((file) => {
            const folderPath = `${props.basePath}/${file.service.id}${file.folder ? `/${file.folder.id}` : ''}`;
            return (
              <ListGroup.Item as="li" key={file.id} className="d-grid gap-1">
                <a href={file.download_url} className="text-break fw-semibold" download>
                  {file.file_name}
                </a>
                <span className="small text-muted text-break">
                  {file.service.name} · {file.folder ? file.folder.name : 'Top level'} · {formatBytes(file.size)} ·{' '}
                  {formatDate(file.created_at)}
                </span>
                <Link to={folderPath} className="small" aria-label={`Open folder of ${file.file_name}`}>
                  Open folder
                </Link>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <ShowMoreButton
        pages={results}
        label="More results"
        spinnerLabel="Loading more results"
        wrapperClassName="text-center"
      />
    </div>
  );
}
