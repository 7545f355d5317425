import type { ProductCondition } from './catalog';

// The published grading rubric: what each condition means, shown to shoppers
// beside the condition on the product page and to staff in the catalogue form. One source, so the
// page and the grader read the same words.

export interface ConditionGrade {
  condition: ProductCondition;
  /** Short line under the label. */
  summary: string;
  /** What a shopper can count on, one point each. */
  points: readonly string[];
}

export const CONDITION_RUBRIC: Readonly<Record<ProductCondition, ConditionGrade>> = Object.freeze({
  like_new: {
    condition: 'like_new',
    summary: 'Returned unused: looks and works as new.',
    points: [
      'No signs of use: no scratches, marks or wear.',
      'All parts and accessories present; tested and working.',
      'Original packaging may be opened or missing.',
    ],
  },
  open_box: {
    condition: 'open_box',
    summary: 'Opened and checked, possibly tried once.',
    points: [
      'Box opened; the item may have been handled or tried briefly.',
      'Tested and working; no functional faults.',
      'May have tiny cosmetic marks; any missing accessory is named in the description.',
    ],
  },
  gently_used: {
    condition: 'gently_used',
    summary: 'Used with light wear; works as it should.',
    points: [
      'Visible light wear such as small scratches or scuffs, shown in the photos.',
      'Tested and working; any flaw that matters is named in the description.',
      'Packaging and manuals may be missing.',
    ],
  },
});

export function conditionGrade(condition: ProductCondition): ConditionGrade {
  return CONDITION_RUBRIC[condition];
}
