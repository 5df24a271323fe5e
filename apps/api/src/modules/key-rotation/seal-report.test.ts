import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSealReport, startSealProgress } from './seal-report.js';

describe('a rotation pass tells the operator how far it got', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prints the counts so far every interval, and nothing once stopped', () => {
    const report = createSealReport();
    const lines: string[] = [];
    const stop = startSealProgress(report, (line) => lines.push(line), 2000);
    vi.advanceTimersByTime(1999);
    expect(lines).toEqual([]);
    report.users = 40;
    report.files = 7;
    vi.advanceTimersByTime(1);
    expect(lines).toEqual([
      "Re-encrypted so far: 40 users' secrets, 7 client files, 0 user documents, 0 Aadhaar numbers...",
    ]);
    report.documents = 3;
    report.aadhaar = 2;
    vi.advanceTimersByTime(2000);
    expect(lines[1]).toBe(
      "Re-encrypted so far: 40 users' secrets, 7 client files, 3 user documents, 2 Aadhaar numbers...",
    );
    stop();
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
  });
});
