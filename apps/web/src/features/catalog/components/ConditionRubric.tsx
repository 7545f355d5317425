import type { ProductCondition } from '@rebound/core/catalog';
import { conditionLabel } from '@rebound/core/catalog';
import { conditionGrade } from '@rebound/core/condition-rubric';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';

/**
 * 'What does Open Box mean?': the published grading rubric for the product's condition, as a
 * disclosure (a native <details>, so it opens by keyboard and works without script).
 */
export function ConditionRubric({
  condition,
  className,
}: {
  condition: ProductCondition;
  className?: string;
}) {
  const grade = conditionGrade(condition);
  return (
    <details className={clsx('group text-sm', className)}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        What does {conditionLabel(condition)} mean?
        <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="mt-2 rounded-lg bg-ink-50 p-3 ring-1 ring-ink-200/70">
        <p className="font-semibold text-ink-900">{grade.summary}</p>
        <ul className="mt-1.5 list-disc space-y-1 pl-5 text-ink-700">
          {grade.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-ink-600">
          Every item is inspected and graded by our team against this published rubric.
        </p>
      </div>
    </details>
  );
}
