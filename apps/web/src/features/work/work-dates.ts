import { addDays, indianDateOf } from '@portal/contract/plain-dates';

/** Today in India, whatever the browser's own time zone. */
export const todayInIndia = () => indianDateOf(new Date());

/** Due from today to six days ahead: the week the dashboards and the list call "this week". */
export function isDueThisWeek(dueDate: string, today = todayInIndia()): boolean {
  return dueDate >= today && dueDate <= addDays(today, 6);
}
