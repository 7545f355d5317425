import { describe, expect, it } from 'vitest';
import { PRODUCT_CONDITIONS } from './catalog';
import { CONDITION_RUBRIC, conditionGrade } from './condition-rubric';

describe('condition rubric', () => {
  it('describes every condition, with a summary and at least two points', () => {
    for (const c of PRODUCT_CONDITIONS) {
      const grade = conditionGrade(c);
      expect(grade.condition).toBe(c);
      expect(grade.summary.length).toBeGreaterThan(10);
      expect(grade.points.length).toBeGreaterThanOrEqual(2);
    }
    expect(Object.keys(CONDITION_RUBRIC).sort()).toEqual([...PRODUCT_CONDITIONS].sort());
  });
});
