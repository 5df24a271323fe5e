import { addDays, weekdayOf } from '@portal/contract/plain-dates';
import type { RoleName } from '@portal/contract/roles';
import type { CalendarDay } from '@portal/contract/work';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { MessageAlert } from '../../components/message-alert';
import { readApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { useWorkCalendar } from './work-api';
import { todayInIndia } from './work-dates';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month the address names (`?month=2026-11`), else this month in India. */
function monthOf(param: string | null): { year: number; month: number } {
  const match = param ? MONTH.exec(param) : null;
  const today = todayInIndia();
  return match
    ? { year: Number(match[1]), month: Number(match[2]) }
    : { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}
const keyOf = (at: { year: number; month: number }) => `${at.year}-${String(at.month).padStart(2, '0')}`;
const shift = (at: { year: number; month: number }, by: number) => {
  const index = at.year * 12 + at.month - 1 + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** Monday before the month's first day to Sunday after its last: whole weeks, at most 42 days. */
function gridOf(at: { year: number; month: number }) {
  const first = `${keyOf(at)}-01`;
  const next = `${keyOf(shift(at, 1))}-01`;
  const from = addDays(first, -weekdayOf(first));
  const last = addDays(next, -1);
  const to = addDays(last, 6 - weekdayOf(last));
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return { from, to, days };
}

function DayCell({
  date,
  day,
  role,
  inMonth,
  today,
}: {
  date: string;
  day?: CalendarDay;
  role: RoleName;
  inMonth: boolean;
  today: string;
}) {
  const classes = [inMonth ? '' : 'outside', date === today ? 'today' : '', day ? '' : 'empty-day'].join(' ').trim();
  const more = day ? day.total - day.items.length : 0;
  return (
    <section className={classes || undefined} aria-label={longDate(date)}>
      <div className="small fw-semibold">
        <span className="d-md-none">{longDate(date)}</span>
        <span className="d-none d-md-inline">{Number(date.slice(8))}</span>
        {day && day.overdue > 0 && <span className="text-danger-emphasis ms-1">({day.overdue} overdue)</span>}
      </div>
      {day && (
        <ul className="list-unstyled small mb-0">
          {day.items.map((item) => (
            <li key={item.id} className={item.overdue ? 'text-danger-emphasis' : undefined}>
              <Link to={`/${role}/work/${item.id}`} className={item.overdue ? 'link-overdue' : undefined}>
                {item.title}
              </Link>
              {role !== 'client' && <span className="text-muted"> · {item.client_name}</span>}
              {item.status === 'filed' || item.status === 'completed' ? ' ✓' : ''}
            </li>
          ))}
          {more > 0 &&
            (role === 'client' ? (
              <li className="text-muted">and {more} more</li>
            ) : (
              <li>
                <Link to={`/${role}/work?status=all&due_from=${date}&due_to=${date}`}>and {more} more</Link>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** Calendar: a month of due dates in the caller's scope (everyone: staff their work, a client its own). */
export function WorkCalendarPage({ role }: { role: RoleName }) {
  useDocumentTitle('Calendar');
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month'));
  const grid = gridOf(month);
  const calendar = useWorkCalendar({ from: grid.from, to: grid.to });
  const byDate = new Map((calendar.data?.days ?? []).map((day) => [day.date, day]));
  const today = calendar.data?.today ?? todayInIndia();
  const title = new Date(Date.UTC(month.year, month.month - 1, 1)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  });
  const go = (by: number) => setParams(new URLSearchParams({ month: keyOf(shift(month, by)) }));
  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Calendar: {title}</h1>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => go(-1)}>
            Previous month
          </Button>
          <Button variant="outline-secondary" onClick={() => setParams(new URLSearchParams())}>
            This month
          </Button>
          <Button variant="outline-secondary" onClick={() => go(1)}>
            Next month
          </Button>
        </div>
      </div>
      {calendar.isError && <MessageAlert variant="danger" messages={readApiError(calendar.error).message} />}
      {calendar.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the calendar" />
      ) : (
        <>
          {byDate.size === 0 && <p className="text-muted">Nothing falls due this month.</p>}
          <div className="work-calendar">
            {WEEKDAYS.map((name) => (
              <div key={name} className="weekday small" aria-hidden="true">
                {name}
              </div>
            ))}
            {grid.days.map((date) => (
              <DayCell
                key={date}
                date={date}
                day={byDate.get(date)}
                role={role}
                today={today}
                inMonth={date.slice(0, 7) === keyOf(month)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
