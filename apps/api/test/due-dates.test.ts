import fs from 'node:fs';
import { periodsOfFinancialYear } from '@portal/contract/compliance-periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatutoryCalendar } from '../src/db/statutory-calendar.js';
import { listRules, type RuleRow } from '../src/modules/compliance/compliance.repository.js';
import {
  computeDueDate,
  type DueRule,
  listPeriodsDueBetween,
  ruleCovers,
  sourceOf,
  toDueRule,
  toExtensionMap,
} from '../src/modules/compliance/due-dates.js';
import { createTestDatabase, listTestDialects, type TestDatabase } from './support/test-database.js';

/** An extension of one period for all of India, as stored. */
const RECORDED = '2026-04-01T05:30:00.000Z';
const allIndia = (period: string, dueDate: string) =>
  toExtensionMap([{ period, due_date: dueDate, states: '[]', updated_at: RECORDED }]);

const FY = 2026;
const monthly = (day: string, march = day) => [
  `2026-05-${day}`,
  `2026-06-${day}`,
  `2026-07-${day}`,
  `2026-08-${day}`,
  `2026-09-${day}`,
  `2026-10-${day}`,
  `2026-11-${day}`,
  `2026-12-${day}`,
  `2027-01-${day}`,
  `2027-02-${day}`,
  `2027-03-${day}`,
  `2027-04-${march}`,
];
const quarterly = (day: string) => [`2026-07-${day}`, `2026-10-${day}`, `2027-01-${day}`, `2027-04-${day}`];
/** `2026-06-31` written as the month's real last day, `2026-06-30`. */
const lastDayOfMonth = (date: string) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return `${date.slice(0, 8)}${new Date(Date.UTC(year, month, 0)).getUTCDate()}`;
};

/**
 * Every rule of the shipped calendar, every period of FY 2026-27 (April 2026 to March 2027), written
 * out by hand from the notifications and sections in data/compliance-rules.json. `state` is the
 * client's state where the rule depends on it.
 */
const EXPECTED: { code: string; state?: string; dates: string[] }[] = [
  { code: 'GSTR1_MONTHLY', dates: monthly('11') },
  { code: 'GSTR1_QRMP', dates: quarterly('13') },
  { code: 'GSTR3B_MONTHLY', dates: monthly('20') },
  { code: 'GSTR3B_QRMP', state: 'Karnataka', dates: quarterly('22') },
  { code: 'GSTR3B_QRMP', state: 'Maharashtra', dates: quarterly('22') },
  { code: 'GSTR3B_QRMP', state: 'Delhi', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'Jammu & Kashmir', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'west bengal', dates: quarterly('24') },
  // No state known: the earlier day, never a date after the real one.
  { code: 'GSTR3B_QRMP', dates: quarterly('22') },
  { code: 'GSTR3B_QRMP', state: 'National Capital Territory of Delhi', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'NCT of Delhi', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'Orissa', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'Uttaranchal', dates: quarterly('24') },
  { code: 'GSTR3B_QRMP', state: 'Pondicherry', dates: quarterly('22') },
  // The first two months of each quarter only.
  {
    code: 'GSTR1_IFF',
    dates: [
      '2026-05-13',
      '2026-06-13',
      '2026-08-13',
      '2026-09-13',
      '2026-11-13',
      '2026-12-13',
      '2027-02-13',
      '2027-03-13',
    ],
  },
  {
    code: 'GST_PMT06',
    dates: [
      '2026-05-25',
      '2026-06-25',
      '2026-08-25',
      '2026-09-25',
      '2026-11-25',
      '2026-12-25',
      '2027-02-25',
      '2027-03-25',
    ],
  },
  { code: 'GSTR6', dates: monthly('13') },
  { code: 'GSTR7', dates: monthly('10') },
  { code: 'GSTR8', dates: monthly('10') },
  // Half-yearly: Q2 stands for April-September, Q4 for October-March.
  { code: 'ITC04_HALF_YEARLY', dates: ['2026-10-25', '2027-04-25'] },
  { code: 'ITC04_ANNUAL', dates: ['2027-04-25'] },
  { code: 'CMP08', dates: quarterly('18') },
  { code: 'GSTR4', dates: ['2027-06-30'] },
  { code: 'GSTR9', dates: ['2027-12-31'] },
  { code: 'GSTR9C', dates: ['2027-12-31'] },
  // March's TDS and, from tax year 2026-27, March's TCS are due on 30 April (2026 Rules rule 218(2)).
  { code: 'TDS_PAYMENT', dates: monthly('07', '30') },
  { code: 'TCS_PAYMENT', dates: monthly('07', '30') },
  { code: 'TDS_24Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'TDS_26Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'TDS_27Q', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'FORM16', dates: ['2027-06-15'] },
  { code: 'ADVANCE_TAX', dates: ['2026-06-15', '2026-09-15', '2026-12-15', '2027-03-15'] },
  { code: 'ITR_NON_AUDIT', dates: ['2027-07-31'] },
  { code: 'ITR_NON_AUDIT_BUSINESS', dates: ['2027-08-31'] },
  { code: 'ITR_AUDIT', dates: ['2027-10-31'] },
  { code: 'ITR_TRANSFER_PRICING', dates: ['2027-11-30'] },
  // Belated only: the revised return has its own row, 31 March (s.263(5), Finance Act 2026).
  { code: 'ITR_BELATED_REVISED', dates: ['2027-12-31'] },
  { code: 'ITR_REVISED', dates: ['2028-03-31'] },
  { code: 'TAX_AUDIT_REPORT', dates: ['2027-09-30'] },
  // One month before the 30 November return of a transfer pricing case.
  { code: 'TAX_AUDIT_REPORT_TP', dates: ['2027-10-31'] },
  { code: 'FORM3CEB', dates: ['2027-10-31'] },
  // Rule 219(4) of the 2026 Rules: the TCS statement (Form 143) on the TDS statements' dates; its
  // certificate (Form 133, rule 215(1) Table Sl. No. 4) fifteen days later.
  { code: 'TCS_27EQ', dates: ['2026-07-31', '2026-10-31', '2027-01-31', '2027-05-31'] },
  { code: 'FORM16A', dates: ['2026-08-15', '2026-11-15', '2027-02-15', '2027-06-15'] },
  { code: 'FORM27D', dates: ['2026-08-15', '2026-11-15', '2027-02-15', '2027-06-15'] },
  // Thirty days after the month's end: 1 March for January (2 March but in a leap year: never later).
  {
    code: 'TDS_26QB_26QC',
    dates: [
      '2026-05-30',
      '2026-06-30',
      '2026-07-30',
      '2026-08-30',
      '2026-09-30',
      '2026-10-30',
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-03-01',
      '2027-03-30',
      '2027-04-30',
    ],
  },
  { code: 'SFT', dates: ['2027-05-31'] },
  { code: 'PF', dates: monthly('15') },
  { code: 'ESI', dates: monthly('15') },
  // Until the AGM is recorded, counted from its latest date (30 September 2027).
  { code: 'AOC4', dates: ['2027-10-30'] },
  { code: 'MGT7', dates: ['2027-11-29'] },
  // Once every three financial years from FY 2027-28 (rule 12A as substituted from 31 March 2026): none in FY 2026-27.
  { code: 'DIR3_KYC', dates: [] },
  { code: 'ADT1', dates: ['2027-10-15'] },
  { code: 'DPT3', dates: ['2027-06-30'] },
  { code: 'MSME1', dates: ['2026-10-31', '2027-04-30'] },
  { code: 'LLP_FORM11', dates: ['2027-05-30'] },
  { code: 'LLP_FORM8', dates: ['2027-10-30'] },
  // Professional tax, one rule per state: the month's salary, paid (with its return) in the next month.
  { code: 'PT_MAHARASHTRA', state: 'Maharashtra', dates: monthly('15') },
  { code: 'PT_KARNATAKA', state: 'Karnataka', dates: monthly('20') },
  { code: 'PT_WEST_BENGAL', state: 'West Bengal', dates: monthly('21') },
  { code: 'PT_GUJARAT', state: 'Gujarat', dates: monthly('15') },
  { code: 'PT_ANDHRA_PRADESH', state: 'Andhra Pradesh', dates: monthly('10') },
  { code: 'PT_TELANGANA', state: 'Telangana', dates: monthly('10') },
  // Half-yearly, within the half: Q2 stands for April-September, Q4 for October-March.
  { code: 'PT_TAMIL_NADU', state: 'Tamil Nadu', dates: ['2026-09-30', '2027-03-31'] },
  // Issue 22 item 10, the rest: the last day of the month after the salary month (30 June for May's salary).
  { code: 'PT_ODISHA', state: 'Odisha', dates: monthly('31').map(lastDayOfMonth) },
  { code: 'PT_PUNJAB', state: 'Punjab', dates: monthly('31').map(lastDayOfMonth) },
  { code: 'PT_TRIPURA', state: 'Tripura', dates: monthly('31').map(lastDayOfMonth) },
  { code: 'PT_MADHYA_PRADESH', state: 'Madhya Pradesh', dates: monthly('10') },
  // Bihar: the year's tax comes out of September's salary and is paid by 15 November.
  { code: 'PT_BIHAR', state: 'Bihar', dates: ['2026-11-15'] },
  // Kerala: paid in advance within the half, by 31 August (April-September) and the end of February.
  { code: 'PT_KERALA', state: 'Kerala', dates: ['2026-08-31', '2027-02-28'] },
  // The smaller employers' periods and the annual returns.
  { code: 'PT_MAHARASHTRA_YEARLY', state: 'Maharashtra', dates: ['2027-03-15'] },
  { code: 'PT_GUJARAT_QUARTERLY', state: 'Gujarat', dates: quarterly('15') },
  // Gujarat below 20 employees: the year's return within 15 days of its end (Form 5AA).
  { code: 'PT_GUJARAT_ANNUAL', state: 'Gujarat', dates: ['2027-04-15'] },
  { code: 'PT_WEST_BENGAL_ANNUAL', state: 'West Bengal', dates: ['2027-04-30'] },
];

/**
 * The fixes of issue 22, one concrete period of each kind a rule has, with the due date worked out by
 * hand from the provision in force for that period (`due: null`: the rule plans no work for it).
 */
const CONCRETE: { code: string; period: string; due: string | null; state?: string; agm?: string }[] = [
  // Rule 12A as substituted from 31 March 2026: every third consecutive financial year, by 30 June.
  { code: 'DIR3_KYC', period: 'FY2025-26', due: null },
  { code: 'DIR3_KYC', period: 'FY2026-27', due: null },
  { code: 'DIR3_KYC', period: 'FY2027-28', due: '2028-06-30' },
  { code: 'DIR3_KYC', period: 'FY2028-29', due: null },
  { code: 'DIR3_KYC', period: 'FY2030-31', due: '2031-06-30' },
  // s.263(5) as amended by the Finance Act 2026: revised by 31 March; belated (s.263(4)) by 31 December.
  { code: 'ITR_REVISED', period: 'FY2026-27', due: '2028-03-31' },
  // s.139(5) of the 1961 Act as amended by the Finance Act 2026, from assessment year 2026-27: 31 March 2027.
  { code: 'ITR_REVISED', period: 'FY2025-26', due: '2027-03-31' },
  { code: 'ITR_REVISED', period: 'FY2024-25', due: null },
  { code: 'ITR_BELATED_REVISED', period: 'FY2026-27', due: '2027-12-31' },
  { code: 'ITR_NON_AUDIT_BUSINESS', period: 'FY2026-27', due: '2027-08-31' },
  { code: 'ITR_NON_AUDIT_BUSINESS', period: 'FY2025-26', due: null },
  // A transfer pricing case files its return by 30 November, its audit reports a month before.
  { code: 'TAX_AUDIT_REPORT_TP', period: 'FY2026-27', due: '2027-10-31' },
  { code: 'FORM3CEB', period: 'FY2026-27', due: '2027-10-31' },
  { code: 'TAX_AUDIT_REPORT', period: 'FY2026-27', due: '2027-09-30' },
  // Rule 61(1)(ii) Table S. No. 2 names Delhi and Odisha; clients write them otherwise.
  { code: 'GSTR3B_QRMP', period: 'FY2026-27-Q1', state: 'National Capital Territory of Delhi', due: '2026-07-24' },
  { code: 'GSTR3B_QRMP', period: 'FY2026-27-Q2', state: 'Govt. of NCT of Delhi', due: '2026-10-24' },
  { code: 'GSTR3B_QRMP', period: 'FY2026-27-Q3', state: 'Orissa', due: '2027-01-24' },
  { code: 'GSTR3B_QRMP', period: 'FY2026-27-Q4', state: 'Goa', due: '2027-04-22' },
  // New rules, monthly.
  { code: 'GSTR1_IFF', period: '2026-04', due: '2026-05-13' },
  { code: 'GSTR1_IFF', period: '2026-06', due: null },
  { code: 'GST_PMT06', period: '2026-11', due: '2026-12-25' },
  { code: 'GST_PMT06', period: '2026-12', due: null },
  { code: 'GSTR6', period: '2026-12', due: '2027-01-13' },
  { code: 'GSTR7', period: '2027-03', due: '2027-04-10' },
  { code: 'GSTR8', period: '2026-09', due: '2026-10-10' },
  { code: 'TDS_26QB_26QC', period: '2027-01', due: '2027-03-01' },
  { code: 'TDS_26QB_26QC', period: '2028-01', due: '2028-03-01' },
  { code: 'TDS_26QB_26QC', period: '2027-03', due: '2027-04-30' },
  // New rules, quarterly.
  // The TCS statement and certificate: the 2026 Rules (rules 219(4), 215(1)) from tax year 2026-27, the
  // 1962 Rules (rules 31AA(2), 37D(3)) before.
  { code: 'TCS_27EQ', period: 'FY2026-27-Q4', due: '2027-05-31' },
  { code: 'TCS_27EQ', period: 'FY2026-27-Q2', due: '2026-10-31' },
  { code: 'TCS_27EQ', period: 'FY2025-26-Q4', due: '2026-05-15' },
  { code: 'TCS_27EQ', period: 'FY2025-26-Q3', due: '2026-01-15' },
  { code: 'FORM16A', period: 'FY2026-27-Q2', due: '2026-11-15' },
  { code: 'FORM27D', period: 'FY2026-27-Q4', due: '2027-06-15' },
  { code: 'FORM27D', period: 'FY2026-27-Q1', due: '2026-08-15' },
  { code: 'FORM27D', period: 'FY2025-26-Q4', due: '2026-05-30' },
  // March's TCS: 7 April under rule 37CA(2) of the 1962 Rules, 30 April under rule 218(2) of the 2026 Rules.
  { code: 'TCS_PAYMENT', period: '2026-03', due: '2026-04-07' },
  { code: 'TCS_PAYMENT', period: '2027-03', due: '2027-04-30' },
  { code: 'TCS_PAYMENT', period: '2027-02', due: '2027-03-07' },
  { code: 'MSME1', period: 'FY2026-27-Q2', due: '2026-10-31' },
  { code: 'MSME1', period: 'FY2026-27-Q3', due: null },
  { code: 'ITC04_HALF_YEARLY', period: 'FY2026-27-Q4', due: '2027-04-25' },
  { code: 'ITC04_HALF_YEARLY', period: 'FY2026-27-Q1', due: null },
  // New rules, yearly.
  { code: 'ITC04_ANNUAL', period: 'FY2026-27', due: '2027-04-25' },
  { code: 'SFT', period: 'FY2026-27', due: '2027-05-31' },
  { code: 'DPT3', period: 'FY2026-27', due: '2027-06-30' },
  { code: 'ADT1', period: 'FY2026-27', due: '2027-10-15' },
  { code: 'ADT1', period: 'FY2026-27', agm: '2027-09-20', due: '2027-10-05' },
  // Professional tax by state (issue 22 item 10), one concrete period each.
  { code: 'PT_MAHARASHTRA', period: '2026-04', due: '2026-05-15' },
  { code: 'PT_MAHARASHTRA', period: '2026-03', due: null },
  { code: 'PT_KARNATAKA', period: '2027-01', due: '2027-02-20' },
  { code: 'PT_WEST_BENGAL', period: '2026-12', due: '2027-01-21' },
  { code: 'PT_GUJARAT', period: '2027-02', due: '2027-03-15' },
  { code: 'PT_ANDHRA_PRADESH', period: '2027-03', due: '2027-04-10' },
  { code: 'PT_TELANGANA', period: '2026-06', due: '2026-07-10' },
  { code: 'PT_TAMIL_NADU', period: 'FY2026-27-Q2', due: '2026-09-30' },
  { code: 'PT_TAMIL_NADU', period: 'FY2026-27-Q4', due: '2027-03-31' },
  { code: 'PT_TAMIL_NADU', period: 'FY2026-27-Q3', due: null },
  // Issue 22 item 10, the states added after the first seven: a March, a December and a February salary.
  { code: 'PT_ODISHA', period: '2027-03', due: '2027-04-30' },
  { code: 'PT_ODISHA', period: '2026-12', due: '2027-01-31' },
  { code: 'PT_ODISHA', period: '2027-01', due: '2027-02-28' },
  { code: 'PT_PUNJAB', period: '2027-03', due: '2027-04-30' },
  { code: 'PT_PUNJAB', period: '2026-12', due: '2027-01-31' },
  { code: 'PT_TRIPURA', period: '2027-03', due: '2027-04-30' },
  { code: 'PT_TRIPURA', period: '2027-01', due: '2027-02-28' },
  { code: 'PT_TRIPURA', period: '2028-01', due: '2028-02-29' },
  { code: 'PT_MADHYA_PRADESH', period: '2027-03', due: '2027-04-10' },
  { code: 'PT_MADHYA_PRADESH', period: '2026-12', due: '2027-01-10' },
  // Bihar: September's salary only.
  { code: 'PT_BIHAR', period: '2026-09', due: '2026-11-15' },
  { code: 'PT_BIHAR', period: '2027-03', due: null },
  { code: 'PT_BIHAR', period: '2026-12', due: null },
  // Kerala: the month a half-year's tax falls due in; 29 February in a leap year.
  { code: 'PT_KERALA', period: '2026-08', due: '2026-08-31' },
  { code: 'PT_KERALA', period: '2027-02', due: '2027-02-28' },
  { code: 'PT_KERALA', period: '2028-02', due: '2028-02-29' },
  { code: 'PT_KERALA', period: '2026-09', due: null },
  { code: 'PT_KERALA', period: '2027-03', due: null },
  // Maharashtra below Rs 1,00,000: once a year, 15 March within the year (Amendment Rules 2026).
  { code: 'PT_MAHARASHTRA_YEARLY', period: 'FY2026-27', due: '2027-03-15' },
  { code: 'PT_MAHARASHTRA_YEARLY', period: 'FY2025-26', due: null },
  // Gujarat, fewer than 20 employees: the 15th after the quarter, Q4 in April.
  { code: 'PT_GUJARAT_QUARTERLY', period: 'FY2026-27-Q3', due: '2027-01-15' },
  { code: 'PT_GUJARAT_QUARTERLY', period: 'FY2026-27-Q4', due: '2027-04-15' },
  { code: 'PT_GUJARAT_ANNUAL', period: 'FY2026-27', due: '2027-04-15' },
  { code: 'PT_GUJARAT_ANNUAL', period: 'FY2025-26', due: '2026-04-15' },
  // West Bengal's Form III: within one month of the year's end.
  { code: 'PT_WEST_BENGAL_ANNUAL', period: 'FY2026-27', due: '2027-04-30' },
  { code: 'PT_WEST_BENGAL_ANNUAL', period: 'FY2025-26', due: '2026-04-30' },
];

/** Which provision each rule cites for a period: the 1961 Act and its rules to March 2026, then the 2025 Act's. */
const CITED: { code: string; period: string; cites: string; not?: string[] }[] = [
  { code: 'ADVANCE_TAX', period: 'FY2025-26-Q4', cites: 'Income-tax Act 1961 s.211' },
  { code: 'ADVANCE_TAX', period: 'FY2026-27-Q1', cites: 'Income-tax Act 2025 s.408(1)', not: ['1961'] },
  { code: 'TDS_24Q', period: 'FY2025-26-Q4', cites: 'Form 24Q' },
  { code: 'TDS_24Q', period: 'FY2026-27-Q1', cites: 'rule 219(1) Table Sl. No. 1, Form 138' },
  { code: 'TDS_26Q', period: 'FY2026-27-Q3', cites: 'rule 219(1) Table Sl. No. 3, Form 140' },
  { code: 'TDS_27Q', period: 'FY2026-27-Q2', cites: 'rule 219(1) Table Sl. No. 2, Form 144' },
  { code: 'TCS_27EQ', period: 'FY2025-26-Q4', cites: 'rule 31AA(2), Form 27EQ' },
  { code: 'TCS_27EQ', period: 'FY2026-27-Q1', cites: 'rule 219(1) Table Sl. No. 4, Form 143', not: ['not confirmed'] },
  { code: 'FORM16', period: 'FY2026-27', cites: 'rule 215(1) Table Sl. No. 1, Form 130' },
  { code: 'FORM16A', period: 'FY2026-27-Q1', cites: 'rule 215(1) Table Sl. No. 2, Form 131', not: ['not confirmed'] },
  { code: 'FORM27D', period: 'FY2026-27-Q1', cites: 'rule 215(1) Table Sl. No. 4, Form 133' },
  { code: 'FORM27D', period: 'FY2025-26-Q4', cites: 'Income-tax Rules 1962 rule 37D(3)' },
  { code: 'TDS_26QB_26QC', period: '2026-03', cites: 'Forms 26QB and 26QC' },
  { code: 'TDS_26QB_26QC', period: '2026-04', cites: 'rule 218(3) and rule 219(5), Form 141', not: ['not confirmed'] },
  { code: 'TDS_PAYMENT', period: '2026-03', cites: 'Income-tax Rules 1962 rule 30(2)' },
  {
    code: 'TDS_PAYMENT',
    period: '2026-04',
    cites: 'Income-tax Rules 2026 rule 218(2)',
    not: ['1962', 'not confirmed'],
  },
  { code: 'TCS_PAYMENT', period: '2026-03', cites: 'Income-tax Rules 1962 rule 37CA(2)' },
  { code: 'TCS_PAYMENT', period: '2027-03', cites: 'Income-tax Rules 2026 rule 218(2)', not: ['not confirmed'] },
  { code: 'SFT', period: 'FY2025-26', cites: 'rule 114E(5), Form 61A' },
  {
    code: 'SFT',
    period: 'FY2026-27',
    cites: 'Income-tax Act 2025 s.508(1); Income-tax Rules 2026 rule 237(1), (5), Form 165',
  },
  {
    code: 'ITR_REVISED',
    period: 'FY2025-26',
    cites: 'Income-tax Act 1961 s.139(5) as amended by the Finance Act 2026',
  },
  {
    code: 'GSTR1_IFF',
    period: '2026-04',
    cites: 'rule 59(2) as substituted by Notification No. 82/2020',
    not: ['proviso'],
  },
  { code: 'GST_PMT06', period: '2026-04', cites: 'Notification No. 82/2020-Central Tax' },
  { code: 'DPT3', period: 'FY2026-27', cites: 'Companies (Acceptance of Deposits) Rules 2014 rule 16' },
  { code: 'ADT1', period: 'FY2026-27', cites: 's.139(1) fourth proviso' },
  { code: 'TAX_AUDIT_REPORT', period: 'FY2025-26', cites: 's.44AB' },
  { code: 'TAX_AUDIT_REPORT', period: 'FY2026-27', cites: 'Income-tax Act 2025 s.63' },
  { code: 'FORM3CEB', period: 'FY2026-27', cites: 'Form 48' },
  { code: 'ITR_AUDIT', period: 'FY2026-27', cites: 'Income-tax Act 2025 s.263(1)(c)' },
  { code: 'ITR_REVISED', period: 'FY2026-27', cites: 's.263(5) as amended by the Finance Act 2026' },
  {
    code: 'GSTR3B_MONTHLY',
    period: '2026-04',
    cites: 'rule 61(1)(i) as substituted by Notification No. 82/2020',
    not: ['61(5)'],
  },
  { code: 'GSTR3B_QRMP', period: 'FY2026-27-Q1', cites: 'rule 61(1)(ii)', not: ['61(5)'] },
  { code: 'ESI', period: '2026-04', cites: "Employees' State Insurance (General) Regulations 1950", not: ['Central'] },
  { code: 'DIR3_KYC', period: 'FY2027-28', cites: 'G.S.R. 943(E)' },
  { code: 'PT_ODISHA', period: '2026-04', cites: 'rule 13(2) as amended by the (Amendment) Rules 2010' },
  { code: 'PT_PUNJAB', period: '2026-04', cites: 'rule 14(3)' },
  { code: 'PT_BIHAR', period: '2026-09', cites: 'Bihar Professional Tax Rules 2011 rule 5' },
  { code: 'PT_KERALA', period: '2026-08', cites: 'Kerala Municipality Act 1994 s.245' },
  {
    code: 'PT_MAHARASHTRA_YEARLY',
    period: 'FY2026-27',
    cites: 'rule 11(3)(a) as amended by the (Amendment) Rules 2026',
  },
  { code: 'PT_WEST_BENGAL_ANNUAL', period: 'FY2026-27', cites: 'rule 12(1), Form III' },
];

describe.each(listTestDialects())('due dates of the seeded calendar for FY 2026-27 on %s', (dialect) => {
  let database: TestDatabase;
  let rules: Map<string, RuleRow>;
  const ruleOf = (code: string): DueRule => toDueRule(rules.get(code) as RuleRow);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    rules = new Map((await listRules(database.database.db)).map((row) => [row.code, row]));
  });
  afterAll(async () => {
    await database.drop();
  });

  it('has a row of the table for every rule the migration seeded, and none it did not', () => {
    expect([...new Set(EXPECTED.map((row) => row.code))].sort()).toEqual([...rules.keys()].sort());
    for (const rule of rules.values()) expect(rule.source.length, rule.code).toBeGreaterThan(10);
  });

  it.each(EXPECTED)('$code $state: every period of the year falls due on the day the table says', (row) => {
    const rule = ruleOf(row.code);
    const periods = periodsOfFinancialYear(rule.frequency, FY)
      .map((period) => period.key)
      .filter((period) => ruleCovers(rule, period));
    const dates = periods.map((period) => computeDueDate(rule, period, { state: row.state ?? null }));
    expect(dates).toEqual(row.dates);
  });

  it('counts AOC-4 and MGT-7 from the AGM once the item records it', () => {
    expect(computeDueDate(ruleOf('AOC4'), 'FY2026-27', { eventDate: '2027-09-15' })).toBe('2027-10-15');
    expect(computeDueDate(ruleOf('MGT7'), 'FY2026-27', { eventDate: '2027-09-15' })).toBe('2027-11-14');
    // An AGM in August: 60 days crosses into October.
    expect(computeDueDate(ruleOf('MGT7'), 'FY2026-27', { eventDate: '2027-08-20' })).toBe('2027-10-19');
  });

  it('applies an extension to its own period only, at the quarter and at the year end too', () => {
    const gstr3b = ruleOf('GSTR3B_MONTHLY');
    const extensions = allIndia('2026-04', '2026-05-27');
    expect(computeDueDate(gstr3b, '2026-04', { extensions })).toBe('2026-05-27');
    expect(computeDueDate(gstr3b, '2026-05', { extensions })).toBe('2026-06-20');
    const tds = ruleOf('TDS_26Q');
    const q4 = allIndia('FY2026-27-Q4', '2027-06-30');
    expect(periodsOfFinancialYear('quarterly', FY).map((p) => computeDueDate(tds, p.key, { extensions: q4 }))).toEqual([
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
      '2027-06-30',
    ]);
    const gstr9 = ruleOf('GSTR9');
    expect(computeDueDate(gstr9, 'FY2026-27', { extensions: allIndia('FY2026-27', '2028-02-28') })).toBe('2028-02-28');
    // Another year's extension changes nothing here.
    expect(computeDueDate(gstr9, 'FY2026-27', { extensions: allIndia('FY2025-26', '2027-02-28') })).toBe('2027-12-31');
    // An extension of an event rule wins over the AGM date.
    const aoc4 = allIndia('FY2026-27', '2027-12-31');
    expect(computeDueDate(ruleOf('AOC4'), 'FY2026-27', { eventDate: '2027-09-15', extensions: aoc4 })).toBe(
      '2027-12-31',
    );
  });

  it('applies an extension naming states to clients of those states only, over an all-India one', () => {
    const gstr3b = ruleOf('GSTR3B_MONTHLY');
    // A flood notification extends April for Tamil Nadu and Puducherry; another moves it for all of India.
    const extensions = toExtensionMap([
      { period: '2026-04', due_date: '2026-05-25', states: '[]', updated_at: RECORDED },
      { period: '2026-04', due_date: '2026-06-10', states: '["Tamil Nadu","Puducherry"]', updated_at: RECORDED },
    ]);
    expect(computeDueDate(gstr3b, '2026-04', { state: 'Tamil Nadu', extensions })).toBe('2026-06-10');
    expect(computeDueDate(gstr3b, '2026-04', { state: 'Pondicherry', extensions })).toBe('2026-06-10');
    expect(computeDueDate(gstr3b, '2026-04', { state: 'Kerala', extensions })).toBe('2026-05-25');
    expect(computeDueDate(gstr3b, '2026-04', { state: null, extensions })).toBe('2026-05-25');
    // Without the all-India one, other states keep the rule's own day.
    const onlyTamilNadu = toExtensionMap([
      { period: '2026-04', due_date: '2026-06-10', states: '["Tamil Nadu"]', updated_at: RECORDED },
    ]);
    expect(computeDueDate(gstr3b, '2026-04', { state: 'Kerala', extensions: onlyTamilNadu })).toBe('2026-05-20');
    expect(
      listPeriodsDueBetween(gstr3b, '2026-06-01', '2026-06-30', { state: 'Tamil Nadu', extensions: onlyTamilNadu }),
    ).toEqual([
      { period: '2026-04', dueDate: '2026-06-10' },
      { period: '2026-05', dueDate: '2026-06-20' },
    ]);
    expect(
      listPeriodsDueBetween(gstr3b, '2026-06-01', '2026-06-30', { state: 'Kerala', extensions: onlyTamilNadu }),
    ).toEqual([{ period: '2026-05', dueDate: '2026-06-20' }]);
  });

  it('gives a state named by two overlapping extensions the one recorded last, whatever the states listed', () => {
    const gstr3b = ruleOf('GSTR3B_MONTHLY');
    // Puducherry and Tamil Nadu first get the 10th; a later notification gives Tamil Nadu alone the 5th.
    const rows = [
      { period: '2026-04', due_date: '2026-06-05', states: '["Tamil Nadu"]', updated_at: '2026-05-30T06:00:00.000Z' },
      {
        period: '2026-04',
        due_date: '2026-06-10',
        states: '["Puducherry","Tamil Nadu"]',
        updated_at: '2026-05-21T06:00:00.000Z',
      },
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const extensions = toExtensionMap(order);
      expect(computeDueDate(gstr3b, '2026-04', { state: 'Tamil Nadu', extensions })).toBe('2026-06-05');
      expect(computeDueDate(gstr3b, '2026-04', { state: 'Puducherry', extensions })).toBe('2026-06-10');
    }
  });

  it.each(CONCRETE)('$code $period $state: due $due, worked by hand from the law for that period', (row) => {
    const rule = ruleOf(row.code);
    if (row.due === null) {
      expect(ruleCovers(rule, row.period)).toBe(false);
      return;
    }
    expect(ruleCovers(rule, row.period)).toBe(true);
    expect(computeDueDate(rule, row.period, { state: row.state ?? null, eventDate: row.agm ?? null })).toBe(row.due);
  });

  it('plans DIR-3 KYC every third year only, and no rule before its first period', () => {
    expect(listPeriodsDueBetween(ruleOf('DIR3_KYC'), '2026-01-01', '2034-12-31')).toEqual([
      { period: 'FY2027-28', dueDate: '2028-06-30' },
      { period: 'FY2030-31', dueDate: '2031-06-30' },
      { period: 'FY2033-34', dueDate: '2034-06-30' },
    ]);
    expect(listPeriodsDueBetween(ruleOf('ITR_REVISED'), '2026-01-01', '2028-12-31')).toEqual([
      { period: 'FY2025-26', dueDate: '2027-03-31' },
      { period: 'FY2026-27', dueDate: '2028-03-31' },
    ]);
    expect(listPeriodsDueBetween(ruleOf('MSME1'), '2026-04-01', '2027-04-30').map((entry) => entry.period)).toEqual([
      'FY2025-26-Q4',
      'FY2026-27-Q2',
      'FY2026-27-Q4',
    ]);
  });

  it('dates each period by the law in force for it across the change of Rules (TCS statement and certificate)', () => {
    expect(listPeriodsDueBetween(ruleOf('TCS_27EQ'), '2026-04-01', '2026-10-31')).toEqual([
      { period: 'FY2025-26-Q4', dueDate: '2026-05-15' },
      { period: 'FY2026-27-Q1', dueDate: '2026-07-31' },
      { period: 'FY2026-27-Q2', dueDate: '2026-10-31' },
    ]);
    expect(listPeriodsDueBetween(ruleOf('FORM27D'), '2026-05-01', '2026-08-31')).toEqual([
      { period: 'FY2025-26-Q4', dueDate: '2026-05-30' },
      { period: 'FY2026-27-Q1', dueDate: '2026-08-15' },
    ]);
    // An extension still wins over either law's date.
    expect(
      computeDueDate(ruleOf('TCS_27EQ'), 'FY2025-26-Q4', { extensions: allIndia('FY2025-26-Q4', '2026-06-30') }),
    ).toBe('2026-06-30');
  });

  it.each(CITED)('$code $period cites the provision in force for it: $cites', (row) => {
    const stored = rules.get(row.code) as RuleRow;
    const cited = sourceOf(JSON.parse(stored.sources), row.period);
    expect(cited).toContain(row.cites);
    for (const wrong of row.not ?? []) expect(cited).not.toContain(wrong);
  });

  it('refuses a period of another kind than the rule’s', () => {
    expect(() => computeDueDate(ruleOf('GSTR3B_MONTHLY'), 'FY2026-27-Q1')).toThrow(/not a monthly period/);
    expect(() => computeDueDate(ruleOf('GSTR9'), '2026-04')).toThrow(/not a yearly period/);
    expect(() => computeDueDate(ruleOf('GSTR9'), 'FY2026-28')).toThrow();
  });
});

describe('the shipped calendar', () => {
  it('is listed in docs/compliance-calendar.md, each rule with its sources by period', () => {
    const doc = fs.readFileSync(new URL('../../../docs/compliance-calendar.md', import.meta.url), 'utf8');
    for (const rule of readStatutoryCalendar()) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${rule.code}\` |`));
      for (const entry of rule.sources) expect(row, rule.code).toContain(entry.source);
    }
  });
});

describe('the due-date function itself', () => {
  const lastDay: DueRule = {
    frequency: 'monthly',
    due_day: 31,
    months_after: 1,
    days_after_event: null,
    exceptions: [],
    state_days: [],
  };

  it('clamps a day past the month’s end to its last day, February of a leap year included', () => {
    expect(computeDueDate(lastDay, '2026-04')).toBe('2026-05-31');
    expect(computeDueDate(lastDay, '2026-05')).toBe('2026-06-30');
    expect(computeDueDate(lastDay, '2027-01')).toBe('2027-02-28');
    expect(computeDueDate(lastDay, '2028-01')).toBe('2028-02-29');
  });

  it('dates a period by its source entry’s own date where it gives one, by the rule’s otherwise', () => {
    // The TCS statement: 15th under the 1962 Rules, the 31st from tax year 2026-27; the admin moved the latter to the 30th.
    const statement: DueRule = {
      ...lastDay,
      frequency: 'quarterly',
      due_day: 30,
      exceptions: [{ period_of_year: 'Q4', due_day: 31, months_after: 2 }],
      sources: [
        {
          source: '1962 Rules',
          due_day: 15,
          months_after: 1,
          exceptions: [{ period_of_year: 'Q4', due_day: 15, months_after: 2 }],
        },
        { from: '2026-04', source: '2026 Rules' },
      ],
    };
    expect(computeDueDate(statement, 'FY2025-26-Q3')).toBe('2026-01-15');
    expect(computeDueDate(statement, 'FY2025-26-Q4')).toBe('2026-05-15');
    expect(computeDueDate(statement, 'FY2026-27-Q1')).toBe('2026-07-30');
    expect(computeDueDate(statement, 'FY2026-27-Q4')).toBe('2027-05-31');
    // An entry without its own date leaves the rule's (and an earlier entry without exceptions has none).
    const payment: DueRule = {
      ...lastDay,
      due_day: 7,
      exceptions: [{ period_of_year: 'M03', due_day: 30, months_after: 1 }],
      sources: [
        { source: '1962 Rules', due_day: 7, months_after: 1 },
        { from: '2026-04', source: '2026 Rules' },
      ],
    };
    expect(computeDueDate(payment, '2026-03')).toBe('2026-04-07');
    expect(computeDueDate(payment, '2027-03')).toBe('2027-04-30');
  });

  it('lists the periods falling due in a range, an extended one from further back included', () => {
    const gstr3b: DueRule = { ...lastDay, due_day: 20 };
    expect(listPeriodsDueBetween(gstr3b, '2026-05-01', '2026-07-31')).toEqual([
      { period: '2026-04', dueDate: '2026-05-20' },
      { period: '2026-05', dueDate: '2026-06-20' },
      { period: '2026-06', dueDate: '2026-07-20' },
    ]);
    const extensions = allIndia('2025-01', '2026-05-05');
    expect(listPeriodsDueBetween(gstr3b, '2026-05-01', '2026-05-31', { extensions })).toEqual([
      { period: '2025-01', dueDate: '2026-05-05' },
      { period: '2026-04', dueDate: '2026-05-20' },
    ]);
    const yearly: DueRule = { ...lastDay, frequency: 'yearly', due_day: 31, months_after: 9 };
    expect(listPeriodsDueBetween(yearly, '2027-01-01', '2027-12-31')).toEqual([
      { period: 'FY2026-27', dueDate: '2027-12-31' },
    ]);
  });
});
