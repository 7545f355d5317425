import { describe, expect, it } from 'vitest';
import {
  completeTaxRegistration,
  DEMO_GST_NUMBER,
  DEMO_PST_NUMBER,
  DEMO_TAX_REGISTRATION,
  normalizeGstNumber,
  normalizePstNumber,
  taxRegistrationInUse,
  taxRegistrationLines,
} from './tax-registration';

describe('tax registration numbers', () => {
  it('reads a GST/HST number: 9 digits, RT and 4 digits, printed with one space', () => {
    expect(normalizeGstNumber('123456789 RT0001')).toBe('123456789 RT0001');
    expect(normalizeGstNumber('123456789RT0001')).toBe('123456789 RT0001');
    expect(normalizeGstNumber(' 987654321 rt0002 ')).toBe('987654321 RT0002');
    for (const bad of ['', '12345678 RT0001', '123456789 RC0001', '123456789 RT001', 'PST-1234-5678']) {
      expect(normalizeGstNumber(bad), bad).toBeNull();
    }
  });

  it('reads a BC PST number as PST-1234-5678', () => {
    expect(normalizePstNumber('PST-1234-5678')).toBe('PST-1234-5678');
    expect(normalizePstNumber('pst-1234-5678')).toBe('PST-1234-5678');
    for (const bad of ['', '1234-5678', 'PST-123-5678', 'PST 1234 5678', '123456789 RT0001']) {
      expect(normalizePstNumber(bad), bad).toBeNull();
    }
  });

  it('has demo numbers of the right shape', () => {
    expect(normalizeGstNumber(DEMO_GST_NUMBER)).toBe(DEMO_GST_NUMBER);
    expect(normalizePstNumber(DEMO_PST_NUMBER)).toBe(DEMO_PST_NUMBER);
  });

  it('gives the receipt its two lines, GST first', () => {
    expect(taxRegistrationLines(DEMO_TAX_REGISTRATION)).toEqual([
      { label: 'GST/HST registration no.', value: '123456789 RT0001' },
      { label: 'PST registration no.', value: 'PST-1234-5678' },
    ]);
  });

  it("prints the back office's number where staff entered one, else the configured one", () => {
    const configured = { gstNumber: '123456789 RT0001', pstNumber: null };
    expect(taxRegistrationInUse({ gstNumber: null, pstNumber: null }, configured)).toEqual(configured);
    expect(
      taxRegistrationInUse({ gstNumber: '987654321 RT0002', pstNumber: 'PST-8765-4321' }, configured),
    ).toEqual({ gstNumber: '987654321 RT0002', pstNumber: 'PST-8765-4321' });
    expect(taxRegistrationInUse({ gstNumber: null, pstNumber: 'PST-8765-4321' }, configured)).toEqual({
      gstNumber: '123456789 RT0001',
      pstNumber: 'PST-8765-4321',
    });
  });

  it('is complete only with both numbers', () => {
    expect(completeTaxRegistration({ gstNumber: '123456789 RT0001', pstNumber: null })).toBeNull();
    expect(completeTaxRegistration({ gstNumber: null, pstNumber: 'PST-1234-5678' })).toBeNull();
    expect(completeTaxRegistration(DEMO_TAX_REGISTRATION)).toEqual(DEMO_TAX_REGISTRATION);
  });
});
