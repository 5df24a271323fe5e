import { describe, expect, it } from 'vitest';
import { formatPaiseAsRupees, parseReturnPeriod } from './billing-reports.js';

describe('billing reports', () => {
  it('writes paise as rupees with two decimals by integer arithmetic', () => {
    expect(formatPaiseAsRupees(123_456)).toBe('1234.56');
    expect(formatPaiseAsRupees(5)).toBe('0.05');
    expect(formatPaiseAsRupees(0)).toBe('0.00');
    expect(formatPaiseAsRupees(-1_000)).toBe('-10.00');
    expect(formatPaiseAsRupees(90_071_992_547_409)).toBe('900719925474.09');
  });

  it('reads a return period: a month, or a calendar quarter', () => {
    expect(parseReturnPeriod('2026-04')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(parseReturnPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(parseReturnPeriod('2026-Q1')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(parseReturnPeriod('2026-Q2')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(parseReturnPeriod('2026-13')).toBeNull();
    expect(parseReturnPeriod('FY2026-27-Q1')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(parseReturnPeriod('FY2026-27-Q4')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(parseReturnPeriod('FY2026-27')).toBeNull();
  });
});
