import type { Key, ReactNode } from 'react';
import type { ColumnEntry } from '../../components/data-table';
import { type PagedList, PagedTable } from '../../components/paged-table';
import { ShowChoice, type ShowChoiceProps } from '../../components/show-choice';
import { TitledCard } from '../../components/titled-card';

type RegisterCardProps<T, Choice extends string> = {
  /** The card's heading, which names its table too. */
  title: string;
  /** What the register follows, above its choice. */
  intro?: ReactNode;
  /** The "Show" choice: which of the firm's rows the register lists, each with its label. */
  show: ShowChoiceProps<Choice>;
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
      <ShowChoice {...show} />
      <PagedTable ariaLabel={title} columns={columns} list={list} loadingLabel={loadingLabel} rowKey={rowKey} />
    </TitledCard>
  );
}
