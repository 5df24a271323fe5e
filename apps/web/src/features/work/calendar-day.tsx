import type { RoleName } from '@portal/contract/roles';
import type { CalendarDay, CalendarItem } from '@portal/contract/work';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useWorkList } from './work-api';

export const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

function ItemLine({ item, role }: { item: CalendarItem; role: RoleName }) {
  return (
    <li className={item.overdue ? 'text-danger-emphasis' : undefined}>
      <Link to={`/${role}/work/${item.id}`} className={item.overdue ? 'link-overdue' : undefined}>
        {item.title}
      </Link>
      {role !== 'client' && <span className="text-muted"> · {item.client_name}</span>}
      {item.status === 'filed' || item.status === 'completed' ? ' ✓' : ''}
    </li>
  );
}

/** Every item of one day, read from the work list when the day is opened (a client has no Work tab). */
function WholeDay({
  date,
  role,
  id,
  filters,
}: {
  date: string;
  role: RoleName;
  id: string;
  filters: Record<string, string>;
}) {
  const list = useWorkList({ ...filters, due_from: date, due_to: date, limit: 100 });
  if (!list.data) return <Spinner id={id} animation="border" size="sm" aria-label={`Loading ${longDate(date)}`} />;
  return (
    <ul id={id} className="list-unstyled small mb-0">
      {list.data.data.map((item) => (
        <ItemLine
          key={item.id}
          role={role}
          item={{
            id: item.id,
            title: item.title,
            client_name: item.client_name,
            status: item.status,
            overdue: item.overdue,
          }}
        />
      ))}
    </ul>
  );
}

type DayCellProps = {
  date: string;
  day?: CalendarDay | undefined;
  role: RoleName;
  inMonth: boolean;
  today: string;
  /** The calendar's filters, carried into the day's whole list. */
  filters: Record<string, string>;
};

/**
 * One day: its first items by name; the rest behind "and N more", which opens the Work list of that day
 * (staff, with the calendar's filters) or shows the whole day in place (a client).
 */
export function DayCell({ date, day, role, inMonth, today, filters }: DayCellProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const classes = [inMonth ? '' : 'outside', date === today ? 'today' : '', day ? '' : 'empty-day'].join(' ').trim();
  const more = day ? day.total - day.items.length : 0;
  const dayQuery = new URLSearchParams({ status: 'all', ...filters, due_from: date, due_to: date });
  return (
    <section className={classes || undefined} aria-label={longDate(date)}>
      <div className="small fw-semibold">
        <span className="d-md-none">{longDate(date)}</span>
        <span className="d-none d-md-inline">{Number(date.slice(8))}</span>
        {day && day.overdue > 0 && <span className="text-danger-emphasis ms-1">({day.overdue} overdue)</span>}
      </div>
      {day && open && <WholeDay date={date} role={role} id={listId} filters={filters} />}
      {day && !open && (
        <ul id={listId} className="list-unstyled small mb-0">
          {day.items.map((item) => (
            <ItemLine key={item.id} item={item} role={role} />
          ))}
          {more > 0 && role !== 'client' && (
            <li>
              <Link to={`/${role}/work?${dayQuery}`}>and {more} more</Link>
            </li>
          )}
        </ul>
      )}
      {/* One button that stays where it is, so the keyboard's focus does too. */}
      {more > 0 && role === 'client' && (
        <Button
          variant="link"
          size="sm"
          className="p-0 small"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show fewer' : `and ${more} more`}
        </Button>
      )}
    </section>
  );
}
