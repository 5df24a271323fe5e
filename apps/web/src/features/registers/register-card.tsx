import type { Key, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { ColumnEntry } from '../../components/data-table';
import { type PagedList, PagedTable } from '../../components/paged-table';
import { TitledCard } from '../../components/titled-card';

type RegisterCardProps<T, Choice extends string> = {
  /** The card's heading, which names its table too. */
  title: string;
  /** What the register follows, above its choice. */
  intro?: ReactNode;
  /** The "Show" choice: which of the firm's rows the register lists, each with its label. */
  show: { id: string; value: Choice; labels: Record<Choice, string>; onChoose: (value: Choice) => void };
  list: PagedList<T>;
  columns: ColumnEntry<T>[];
  loadingLabel: string;
  /** The row's key, when it is not its `id`. */
  rowKey?: (row: T) => Key;
};

/** One of the firm's registers (DSC, UDIN): a "Show" choice, then its rows page by page. */
export function RegisterCard<T, Choice extends string>({
  title,
  intro,
  show,
  list,
  columns,
  loadingLabel,
  rowKey,
}: RegisterCardProps<T, Choice>) {
  return (
    <TitledCard title={title} heading="h2">
      {intro}
      <Form.Group className="mb-3" controlId={show.id}>
        <Form.Label>Show</Form.Label>
        <Form.Select
          className="w-auto"
          value={show.value}
          onChange={(event) => show.onChoose(event.target.value as Choice)}
        >
          {(Object.keys(show.labels) as Choice[]).map((value) => (
            <option key={value} value={value}>
              {show.labels[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <PagedTable ariaLabel={title} columns={columns} list={list} loadingLabel={loadingLabel} rowKey={rowKey} />
    </TitledCard>
  );
}
