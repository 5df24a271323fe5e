import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The issue-22 records a screen is judged with: set up through the API, each checked as made. */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A recurring task of a client service, from April 2026. */
export async function addRecurringTask(
  request: APIRequestContext,
  token: string,
  task: { client_id: number; service_id: number; title: string; cadence: string; due_day: number },
) {
  const made = await request.post('/api/recurring-tasks', {
    headers: bearer(token),
    data: { months_after: 1, starts_month: '2026-04', ...task },
  });
  expect(made.status()).toBe(201);
}

/** A DSC of the client expiring in ten days (the registers' "expiring soon"). */
export async function addDscExpiringSoon(
  request: APIRequestContext,
  token: string,
  clientId: number,
  certificate: { holder_name: string; class: string; issued_by: string; custody: string },
) {
  const made = await request.post(`/api/clients/${clientId}/dsc`, {
    headers: bearer(token),
    data: { ...certificate, valid_until: dayFromNow(10) },
  });
  expect(made.status()).toBe(201);
}

/** A work item signed yesterday and still without its UDIN. */
export async function signWorkWithoutUdin(request: APIRequestContext, token: string, workId: number) {
  const signed = await request.put(`/api/work/${workId}`, {
    headers: bearer(token),
    data: { signed_on: dayFromNow(-1) },
  });
  expect(signed.status()).toBe(200);
}
