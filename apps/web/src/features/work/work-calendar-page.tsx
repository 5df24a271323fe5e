import { addDays, weekdayOf } from '@portal/contract/plain-dates';
import type { RoleName } from '@portal/contract/roles';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { useDocumentTitle } from '../../lib/document-title';
import { DayCell } from './calendar-day';
import { CalendarFilters, readCalendarFilters, toCalendarQuery } from './calendar-filters';
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

/** Calendar: a month of due dates in the caller's scope (everyone: staff their work, a client its own). */
export function WorkCalendarPage({ role }: { role: RoleName }) {
  useDocumentTitle('Calendar');
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month'));
  const grid = gridOf(month);
  const filters = readCalendarFilters(params);
  const narrowing = toCalendarQuery(filters);
  const calendar = useWorkCalendar({ from: grid.from, to: grid.to, ...narrowing });
  const byDate = new Map((calendar.data?.days ?? []).map((day) => [day.date, day]));
  const today = calendar.data?.today ?? todayInIndia();
  const title = new Date(Date.UTC(month.year, month.month - 1, 1)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  });
  // Another month keeps the filters; other filters keep the month.
  const go = (by: number) => setParams(new URLSearchParams({ ...narrowing, month: keyOf(shift(month, by)) }));
  const monthParam = params.get('month');
  const narrow = (state: typeof filters) =>
    setParams(new URLSearchParams({ ...toCalendarQuery(state), ...(monthParam ? { month: monthParam } : {}) }));
  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Calendar: {title}</h1>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => go(-1)}>
            Previous month
          </Button>
          <Button variant="outline-secondary" onClick={() => setParams(new URLSearchParams(narrowing))}>
            This month
          </Button>
          <Button variant="outline-secondary" onClick={() => go(1)}>
            Next month
          </Button>
        </div>
      </div>
      {role !== 'client' && <CalendarFilters state={filters} onChange={narrow} />}
      <FailureAlert of={calendar} />
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
                filters={narrowing}
                inMonth={date.slice(0, 7) === keyOf(month)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
