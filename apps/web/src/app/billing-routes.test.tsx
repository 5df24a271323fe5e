import { describe, expect, it } from 'vitest';
import { billingRoutes, clientInvoiceRoutes } from './billing-routes';

const childPaths = (role: 'mpc' | 'pc') =>
  billingRoutes(role)[0]?.children?.map((route) => (route.index ? '(index)' : route.path));

describe('billingRoutes', () => {
  it('gives each Billing section its address, every one fetched when opened; the settings are the MPC’s alone', () => {
    const sections = [
      '(index)',
      'invoices/new',
      'invoices/:id',
      'invoices/:id/edit',
      'ready',
      'reports',
      'receipts',
      'receipts/new',
      'receipts/:id',
      'outstanding',
    ];
    expect(childPaths('pc')).toEqual(sections);
    expect(childPaths('mpc')).toEqual([...sections, 'settings']);
    for (const route of billingRoutes('mpc')[0]?.children ?? []) expect(route.lazy).toBeTypeOf('function');
    expect(clientInvoiceRoutes()[0]?.children?.map((route) => route.path ?? '(index)')).toEqual(['(index)', ':id']);
  });
});
